import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { can, type Capability, type ManageScreen } from '@/lib/access'
import { paths } from '@/lib/paths'
import { useMyWedding } from '@/lib/session'

/** The Plan tab's sub-navigation, in order: each screen, its label in the `plan` namespace, and what it needs. */
// The table sits beside the component that draws it: every planning screen reads both.
// eslint-disable-next-line react-refresh/only-export-components
export const planTabs: ReadonlyArray<{ to: ManageScreen; key: string; needs: Capability }> = [
  { to: paths.manage.planGifts, key: 'tabs.gifts', needs: 'plan' },
]

/** Checklist · Budget · Suppliers · Gifts: the planning screens this member may open. */
export function PlanTabs() {
  const { t } = useTranslation('plan')
  const { wedding } = useMyWedding()
  const shown = planTabs.filter((tab) => can(wedding?.myRole, tab.needs))
  return (
    <nav aria-label={t('tabs.label')} className="overflow-x-auto">
      <ul className="flex gap-2">
        {shown.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ${
                  isActive ? 'bg-brand-600 text-white' : 'bg-brand-50 text-brand-700 hover:bg-brand-100'
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
