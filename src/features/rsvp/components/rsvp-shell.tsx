import { useEffect, useMemo, type CSSProperties, type ReactNode } from 'react'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import { LanguageToggle } from '@/components/language-toggle'
import type { Rsvp } from '@/lib/api'
import { displayName } from '@/lib/names'
import { paths } from '@/lib/paths'
import { loadFonts, resolveTheme, themeVariables, type SiteTheme } from '@/lib/theme'
import './rsvp.css'

/**
 * The RSVP pages wear the wedding site's theme, so a guest who comes from the site stays in the
 * same look: its colours, and the fonts of the names, the headings and the text.
 */
function rsvpThemeVariables(theme: SiteTheme): Record<string, string> {
  const site = themeVariables(theme)
  return {
    '--rsvp-bg': theme.colors.background,
    '--rsvp-ink': theme.colors.text,
    '--rsvp-bg-alt': theme.colors.secondaryBackground,
    '--rsvp-ink-soft': theme.colors.secondaryText,
    '--rsvp-accent': theme.colors.linkAndButtonText,
    '--rsvp-font-names': site['--site-font-names']!,
    '--rsvp-font-heading': site['--site-font-headings']!,
    '--rsvp-font-body': site['--site-font-body']!,
  }
}

/** The frame of the guest's RSVP pages: the couple's names (back to their site), the language, the page. */
export function RsvpShell({
  wedding,
  children,
}: {
  wedding?: Rsvp['wedding']
  children: ReactNode
}) {
  const { t } = useTranslation('rsvp')
  const theme = useMemo(() => resolveTheme(wedding?.theme), [wedding?.theme])
  useEffect(
    () => void loadFonts([theme.fonts.names, theme.fonts.headings, theme.fonts.body]),
    [theme],
  )

  return (
    <div className="rsvp" style={rsvpThemeVariables(theme) as CSSProperties}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-3">
        {t('common:nav.skipToContent')}
      </a>
      <header className="rsvp-topbar">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-4 px-5 py-3">
          {wedding ? (
            <Link to={paths.site.wedding(wedding.slug)} className="rsvp-names min-w-0 break-words">
              {t('shell.couple', {
                bride: displayName(wedding.bride.firstName),
                groom: displayName(wedding.groom.firstName),
              })}{' '}
              <span className="sr-only">({t('shell.backToSite')})</span>
            </Link>
          ) : (
            <span />
          )}
          <LanguageToggle area="site" />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-5 pb-16 pt-8">
        {children}
      </main>
    </div>
  )
}
