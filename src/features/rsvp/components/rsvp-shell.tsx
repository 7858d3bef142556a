import { useEffect, useMemo, type CSSProperties, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageToggle } from '@/components/language-toggle'
import type { Rsvp } from '@/lib/api'
import { displayName } from '@/lib/names'
import { paths } from '@/lib/paths'
import { resolveRsvpTheme, rsvpThemeFonts, rsvpThemeVariables } from '../model/rsvp-theme'
import { loadRsvpFonts } from './rsvp-fonts'
import './rsvp.css'

/** The frame of the guest's RSVP pages: the couple's names (back to their site), the language, the page. */
export function RsvpShell({ wedding, children }: { wedding?: Rsvp['wedding']; children: ReactNode }) {
  const { t } = useTranslation('rsvp')
  const theme = useMemo(() => resolveRsvpTheme(wedding?.theme), [wedding?.theme])
  useEffect(() => loadRsvpFonts(rsvpThemeFonts(theme)), [theme])

  return (
    <div className="rsvp" style={rsvpThemeVariables(theme) as CSSProperties}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-3">
        {t('common:nav.skipToContent')}
      </a>
      <header className="rsvp-topbar">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-4 px-5 py-3">
          {wedding ? (
            <Link to={paths.site.wedding(wedding.slug)} className="rsvp-names">
              {t('shell.couple', { bride: displayName(wedding.bride.firstName), groom: displayName(wedding.groom.firstName) })}
              {' '}
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
