import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router'
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
  const nav = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  // On a phone the tabs scroll sideways: the open one is brought into view, not left cut off.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [pathname])
  return (
    <nav ref={nav} aria-label={t('tabs.label')} className="-mx-4 overflow-x-auto px-4 print:hidden">
      <ul className="flex gap-2">
        {planTabs
          .filter((tab) => mayOpenIn(wedding, tab.to))
          .map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold no-underline ${
                    isActive ? 'bg-brand-600 text-white' : 'bg-white text-ink ring-1 ring-line hover:bg-brand-50'
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
