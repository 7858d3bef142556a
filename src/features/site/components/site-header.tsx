import { lazy, Suspense, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import { LanguageToggle } from '@/components/language-toggle'
import type { Site } from '@/lib/api'
import { paths } from '@/lib/paths'
import { coupleNames, sectionSegment, visibleSections } from '../model/sections'
import { MenuIcon } from './icons'
import type { ThemeProps } from './site-drawer'
import { sectionTitle } from './use-section-header'

const SiteDrawer = lazy(() =>
  import('./site-drawer').then((module) => ({ default: module.SiteDrawer })),
)

/** The bar at the top: the menu, the couple's monogram (back to the whole site), the language. */
export function SiteHeader({ site, theme }: { site: Site; theme: ThemeProps }) {
  const { t } = useTranslation('site')
  const [open, setOpen] = useState(false)
  const [drawerWanted, setDrawerWanted] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const [pathname] = useLocation()
  const names = coupleNames(site.wedding)
  const sections = visibleSections(site.sections)

  return (
    <header className="site-topbar">
      <div className="site-container grid grid-cols-[1fr_auto_1fr] items-center px-2 py-1.5 sm:px-4">
        <button
          ref={menuButton}
          type="button"
          className="site-icon-button justify-self-start"
          aria-label={t('nav.open')}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? 'site-drawer' : undefined}
          // Start fetching the drawer as soon as a finger or pointer gets near it.
          onPointerEnter={() => setDrawerWanted(true)}
          onFocus={() => setDrawerWanted(true)}
          onClick={() => {
            setDrawerWanted(true)
            setOpen(true)
          }}
        >
          <MenuIcon className="size-6" />
        </button>
        {drawerWanted && (
          <Suspense fallback={null}>
            <SiteDrawer
              site={site}
              theme={theme}
              open={open}
              onOpenChange={setOpen}
              returnFocus={menuButton}
            />
          </Suspense>
        )}

        <Link to={paths.site.wedding(site.slug)} className="site-monogram px-3 py-1">
          {/* Named by its content, so the name begins with the "I & M" it shows (WCAG 2.5.3). */}
          {names.initials.split(' & ').map((initial, index) => (
            <span key={index}>
              {index > 0 && <span className="mx-1 text-[0.7em]">&amp;</span>}
              {initial}
            </span>
          ))}
          <span className="sr-only">{t('nav.homeOf', { names: names.full })}</span>
        </Link>

        <LanguageToggle
          area="site"
          className="site-nav-font justify-self-end border-(--site-line-strong) text-(--site-accent)"
        />
      </div>
      <nav aria-label={t('nav.label')} className="site-inline-nav hidden lg:block">
        <ul className="site-container flex flex-wrap justify-center gap-x-7 px-4 pb-3">
          {sections.map((section) => {
            const href = paths.site.section(site.slug, sectionSegment(section, sections))
            return (
              <li key={section.id}>
                <Link to={href} aria-current={pathname === href ? 'page' : undefined}>
                  {sectionTitle(section, t)}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
    </header>
  )
}
