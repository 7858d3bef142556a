import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { mayOpenIn, screenNeeds, type Capability, type ManageScreen } from '@/lib/access'
import type { Wedding } from '@/lib/api'
import { paths } from '@/lib/paths'

/** The Plan tab's parts, in order; each shows to those who may open it (`@/lib/access`). */
// eslint-disable-next-line react-refresh/only-export-components -- each part adds its entry here, beside the nav that draws it
export const planTabs: ReadonlyArray<{ to: ManageScreen; key: string; needs: Capability }> = [
  { to: paths.manage.planBudget, key: 'tabs.budget', needs: screenNeeds[paths.manage.planBudget] },
  { to: paths.manage.planSuppliers, key: 'tabs.suppliers', needs: screenNeeds[paths.manage.planSuppliers] },
]

/** The Plan tab's sub-navigation: Checklist · Budget · Suppliers · Gifts. */
export function PlanTabs({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('plan')
  return (
    <nav aria-label={t('tabs.label')} className="-mx-4 overflow-x-auto px-4 print:hidden">
      <ul className="flex gap-2">
        {planTabs
          .filter((tab) => mayOpenIn(wedding, tab.to))
          .map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold no-underline ${
                    isActive ? 'bg-brand-700 text-white' : 'bg-white text-ink ring-1 ring-line hover:bg-brand-50'
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
