import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { mayOpen, type ManageScreen } from '@/lib/access'
import type { Wedding } from '@/lib/api'
import { paths } from '@/lib/paths'

/**
 * The plan's parts, in order: each shows only to the members who may open its screen (the access
 * table the route guard reads), or as its own `shows` says (the money follows the wedding's
 * setting, not the role alone). A family helper sees the checklist only.
 */
const planTabs: ReadonlyArray<{
  to: ManageScreen
  key: string
  shows?: (wedding: Wedding) => boolean
}> = [{ to: paths.manage.plan, key: 'tabs.checklist' }]

/** The plan's sub-navigation: Checklist · Budget · Suppliers · Gifts, as the member may open. */
export function PlanTabs({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('plan')
  const tabs = planTabs.filter((tab) => (tab.shows ? tab.shows(wedding) : mayOpen(wedding.myRole, tab.to)))
  return (
    <nav aria-label={t('tabs.label')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ${
                  isActive ? 'bg-brand-600 text-white' : 'bg-white text-muted ring-1 ring-line hover:text-ink'
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
