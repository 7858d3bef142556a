import { forwardRef, lazy, Suspense, useEffect, useMemo, type CSSProperties } from 'react'
import { Redirect } from 'wouter'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import type { Section, Site } from '@/lib/api'
import { formatLongDate } from '@/lib/manila-time'
import { paths } from '@/lib/paths'
import { coupleNames, findSection, visibleSections } from '../model/sections'
import { loadFonts, resolveTheme, themeFamilies, themeVariables } from '@/lib/theme'
import { HomeSection } from '../sections/home-section'
import { ContactBlock, SectionView } from '../sections/section-view'
import { ArrowLeftIcon } from './icons'
import type { HeadingLevel } from './section-frame'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

// The sections below the hero come in the same file as the hero: one request on mobile data costs
// a guest more than their few kilobytes. Only the owner's banner, which guests never see, waits.
const CoupleBanner = lazy(() =>
  import('./couple-banner').then((module) => ({ default: module.CoupleBanner })),
)

interface Props {
  site: Site
  /** The `:section` route segment: that section alone; without it, every section in order. */
  segment?: string
  /**
   * Drawn in management's preview frame: the page leaves the document title and the owner's
   * banner alone, and a section that is not there shows nothing instead of leaving for /404.
   */
  preview?: boolean
  /**
   * Only the top of the page (the header and the first section): what the first screen shows.
   * The site's page draws this first and the rest in a later, interruptible render, so no single
   * task on a guest's phone draws every section at once.
   */
  firstScreenOnly?: boolean
}

/** The wedding site in its theme: the home page's stack of sections, or one section's page. */
export const SiteView = forwardRef<HTMLDivElement, Props>(function SiteView(
  { site, segment, preview = false, firstScreenOnly = false },
  ref,
) {
  const { t } = useTranslation('site')
  const theme = useMemo(() => resolveTheme(site.wedding.theme), [site.wedding.theme])
  const style = useMemo(() => themeVariables(theme) as CSSProperties, [theme])
  const names = coupleNames(site.wedding)
  const sections = visibleSections(site.sections)
  const single = segment ? findSection(site.sections, segment) : undefined
  const rsvp = sections.find((section) => section.type === 'rsvp')

  useEffect(() => void loadFonts(themeFamilies(theme)), [theme])
  // What a link preview in Messenger and a search result show: the couple's names and the date.
  useEffect(() => {
    if (preview) return
    const date = formatLongDate(site.wedding.date, 'fil').replace(/^[^,]+,\s*/, '')
    const title = names.full || site.title || ''
    document.title = [title, date].filter(Boolean).join(' · ')
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', date ? t('description', { names: title, date }) : title)
  }, [names.full, preview, site.title, site.wedding.date, t])

  if (segment && !single) return preview ? null : <Redirect to={paths.notFound} replace />

  const show = (section: Section, level: HeadingLevel) =>
    section.type === 'home' ? (
      <HomeSection
        key={section.id}
        section={section}
        site={site}
        level={level}
        rsvpAnchor={single ? null : rsvp?.path}
      />
    ) : (
      <SectionView key={section.id} section={section} site={site} level={level} />
    )

  return (
    <div ref={ref} className="site" data-theme={theme.name} style={style}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-(--site-bg) focus:p-3"
      >
        {t('nav.skip')}
      </a>
      {site.isCouple && !preview && (
        <Suspense fallback={null}>
          <CoupleBanner />
        </Suspense>
      )}
      <SiteHeader site={site} theme={{ name: theme.name, style }} />
      <main id="main">
        {single ? (
          <>
            {show(single, 1)}
            <div className="site-band py-10! text-center">
              <Link to={paths.site.wedding(site.slug)} className="site-button-quiet">
                <ArrowLeftIcon className="size-4" />
                {t('nav.backHome')}
              </Link>
            </div>
            <ContactBlock contact={site.wedding.contact} />
          </>
        ) : (
          <>
            {!sections.some((section) => section.type === 'home') && (
              <h1 className="sr-only">{names.full}</h1>
            )}
            {(firstScreenOnly ? sections.slice(0, 1) : sections).map((section) =>
              show(section, section.type === 'home' ? 1 : 2),
            )}
            {!firstScreenOnly && <ContactBlock contact={site.wedding.contact} />}
          </>
        )}
      </main>
      {!firstScreenOnly && <SiteFooter site={site} />}
    </div>
  )
})
