import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { mayOpenIn, type ManageScreen } from '@/lib/access'
import type { Wedding } from '@/lib/api'
import { paths } from '@/lib/paths'

/**
 * The plan's parts, in order. Each shows to the members who may open its screen (`mayOpenIn`, what
 * the route guard asks too: the budget follows the couple's money setting, not the role alone). A
 * family helper sees the checklist only.
 */
const planTabs: ReadonlyArray<{ to: ManageScreen; key: string }> = [
  { to: paths.manage.plan, key: 'tabs.checklist' },
  { to: paths.manage.planBudget, key: 'tabs.budget' },
  { to: paths.manage.planSuppliers, key: 'tabs.suppliers' },
  { to: paths.manage.planGifts, key: 'tabs.gifts' },
]

/** The plan's sub-navigation: Checklist · Budget · Suppliers · Gifts, as the member may open. */
export function PlanTabs({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('plan')
  // Two by two on a phone, where the four do not fit a line: every part in sight, none cut off.
  return (
    <nav aria-label={t('tabs.label')} className="print:hidden">
      <ul className="grid grid-cols-2 gap-2 sm:flex">
        {planTabs
          .filter((tab) => mayOpenIn(wedding, tab.to))
          .map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end
                className={({ isActive }) =>
                  `flex min-h-11 items-center justify-center rounded-full px-4 text-center text-sm font-semibold leading-tight no-underline ${
                    isActive
                      ? 'bg-brand-600 text-white'
                      : 'bg-white text-ink ring-1 ring-line hover:bg-brand-50'
                  }`
                }
              >
                {t(tab.key)}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  )
}
