import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation } from 'react-router'
import { LanguageToggle } from '@/components/language-toggle'
import { Logo } from '@/components/logo'
import { PageSpinner } from '@/components/page-spinner'
import { ringInside } from '@/components/management-styles'
import { ScrollRow } from '@/components/scroll-row'
import { SocialIcon, type SocialNetwork } from '@/components/social-icons'
import { AvatarMenu, RequireAuth } from '@/features/auth'
import { StorageNotices } from '@/features/data'
import { WeddingSwitcher } from '@/features/members'
import { everyMemberMayOpen, mayOpen, type ManageScreen } from '@/lib/access'
import { usesSupabase } from '@/lib/env'
import { applyLanguage, preferredLanguage } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useSessionStore } from '@/lib/session'
import { AppUpdateNotice } from '../app-update-notice'
import { usePreloadManagement } from '../preload-management'
import { RoleGate } from '../role-gate'

// The Website tab covers the builder and the content editor: both shape the couple's site.
// Each tab shows only to the roles that may open its screen (`@/lib/access`, the table the route
// guard reads too): a family helper sees the guest list, the plan and the members.
const tabs: ReadonlyArray<{ to: ManageScreen; key: string; also?: readonly string[] }> = [
  { to: paths.manage.guests, key: 'nav.guests' },
  { to: paths.manage.seating, key: 'nav.seating', also: [paths.manage.print] },
  { to: paths.manage.rsvps, key: 'nav.rsvps' },
  { to: paths.manage.invitations, key: 'nav.invitations' },
  { to: paths.manage.plan, key: 'nav.plan' },
  { to: paths.manage.website, key: 'nav.website', also: [paths.manage.content] },
  { to: paths.manage.members, key: 'nav.members' },
  { to: paths.manage.checkin, key: 'nav.checkin' },
]

const within = (pathname: string, root: string) =>
  pathname === root || pathname.startsWith(`${root}/`)

const socials: Array<{ network: SocialNetwork; href: string }> = [
  { network: 'facebook', href: 'https://www.facebook.com/kasalan.ph' },
  { network: 'instagram', href: 'https://www.instagram.com/kasalan.ph' },
  { network: 'tiktok', href: 'https://www.tiktok.com/@kasalan.ph' },
  { network: 'youtube', href: 'https://www.youtube.com/@kasalan.ph' },
]

/** Management: header with the tabs and the avatar menu, the screen, and the footer. */
export function AdminLayout() {
  const { t } = useTranslation('app')
  const { pathname } = useLocation()
  const wedding = useSessionStore((state) => state.wedding)
  // Until the wedding (and so the role) is known, only the tabs every member may open.
  const shows = (screen: ManageScreen) =>
    wedding ? mayOpen(wedding.myRole, screen) : everyMemberMayOpen(screen)
  // Nothing of the guest list for those who may not open it (an usher, who only checks in).
  usePreloadManagement(
    shows(paths.manage.guests) ? wedding?.id : undefined,
    shows(paths.manage.seating),
  )
  // The door is a tool in one hand on the day, and the usher's whole Kasalan: no "Our Story" or
  // "Become a vendor" under it. The footer keeps only which database this is.
  const working = within(pathname, paths.manage.checkin) || wedding?.myRole === 'usher'
  const isActive = (tab: (typeof tabs)[number]) =>
    [tab.to, ...(tab.also ?? [])].some((root) => within(pathname, root))
  useEffect(() => void applyLanguage(preferredLanguage('app')), [])

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-3">
        {t('nav.skipToContent')}
      </a>
      <header className="border-b border-line bg-white print:hidden">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3 sm:px-6">
          <Link to={paths.manage.guests} aria-label={t('nav.home')}>
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-3">
            <WeddingSwitcher />
            <LanguageToggle area="app" className="text-muted" />
            <AvatarMenu />
          </div>
        </div>
        <nav aria-label={t('nav.manageTabs')} className="mx-auto max-w-7xl">
          {/* On a phone the tabs scroll sideways, with the open one in view and a hint of the rest. */}
          <ScrollRow current={pathname} fade="white" className="px-4 sm:px-6">
            <ul className="flex gap-1">
              {tabs
                .filter((tab) => shows(tab.to))
                .map((tab) => (
                  <li key={tab.to}>
                    <Link
                      to={tab.to}
                      aria-current={isActive(tab) ? 'page' : undefined}
                      style={ringInside}
                      className={`block whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold ${
                        isActive(tab)
                          ? 'border-brand-600 text-brand-700'
                          : 'border-transparent text-muted hover:text-ink'
                      }`}
                    >
                      {t(tab.key)}
                    </Link>
                  </li>
                ))}
            </ul>
          </ScrollRow>
        </nav>
      </header>

      <main id="main" className="flex-1">
        <StorageNotices />
        <RequireAuth>
          <Suspense fallback={<PageSpinner />}>
            <RoleGate>
              <Outlet />
            </RoleGate>
          </Suspense>
        </RequireAuth>
      </main>

      <footer className="border-t border-line bg-white print:hidden">
        <div
          className={`mx-auto flex max-w-7xl flex-col gap-6 px-4 sm:px-6 md:flex-row md:items-center ${working ? 'py-4' : 'py-8'}`}
        >
          {!working && <KasalanLinks />}
          <p
            className="shrink-0 self-start whitespace-nowrap rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700"
            title={usesSupabase ? undefined : t('footer.backend.localHint')}
          >
            {t(usesSupabase ? 'footer.backend.supabase' : 'footer.backend.local')}
          </p>
        </div>
      </footer>
      <AppUpdateNotice />
    </div>
  )
}

/** Kasalan's own links and social accounts, under every screen but the door's. */
function KasalanLinks() {
  const { t } = useTranslation('app')
  return (
    <>
      <nav aria-label={t('footer.links')}>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
          <li>
            <a className="hover:text-ink" href="#our-story">
              {t('footer.ourStory')}
            </a>
          </li>
          <li>
            <a className="hover:text-ink" href="mailto:vendors@kasalan.ph">
              {t('footer.vendor')}
            </a>
          </li>
          <li>
            <a className="hover:text-ink" href="mailto:?subject=Kasalan">
              {t('footer.refer')}
            </a>
          </li>
          <li>
            <a className="hover:text-ink" href="#faqs">
              {t('footer.faqs')}
            </a>
          </li>
          <li>
            <a className="hover:text-ink" href="mailto:hello@kasalan.ph">
              {t('footer.contact')}
            </a>
          </li>
          <li>
            <Link className="hover:text-ink" to={paths.terms}>
              {t('footer.terms')}
            </Link>
          </li>
          <li>
            <Link className="hover:text-ink" to={paths.privacy}>
              {t('footer.privacy')}
            </Link>
          </li>
        </ul>
      </nav>
      <ul aria-label={t('footer.social')} className="flex gap-3 md:ml-auto">
        {socials.map(({ network, href }) => (
          <li key={network}>
            <a
              href={href}
              className="block rounded-full p-2 text-muted hover:bg-brand-50 hover:text-brand-700"
              rel="noopener noreferrer"
              target="_blank"
            >
              <SocialIcon network={network} />
              <span className="sr-only">{t(`footer.${network}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  )
}
