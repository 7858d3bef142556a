import { useTranslation } from '@/lib/i18n/react'
import { bootHeroShown } from '../boot-screen'

/**
 * "Hinihintay ang pahina…": covers the page until the site and its first images are ready. Styled
 * with utilities only, so the website layout can show it before the site's own styles arrive.
 * Not drawn while the HTML's first screen of the site is up, which stays until the page is ready
 * (see ../boot-screen.ts): the page then appears as it was, with no overlay fading out.
 */
export function LoadingOverlay({ hidden = false }: { hidden?: boolean }) {
  const { t, ready } = useTranslation('site', { useSuspense: false })
  // Read as it renders: the page's last render before the first screen goes draws no overlay, so
  // none fades out over the page.
  if (bootHeroShown()) return null
  return (
    <div
      role="status"
      aria-hidden={hidden || undefined}
      data-hidden={hidden}
      className={`fixed inset-0 z-[60] flex flex-col items-center justify-center gap-5 bg-[#fbf8f2] font-display text-lg tracking-wide text-[#4c5a4f] transition-[opacity,visibility] duration-300 ${
        hidden ? 'pointer-events-none invisible opacity-0' : ''
      }`}
    >
      <svg viewBox="0 0 64 40" className="site-overlay-rings h-10 w-16" aria-hidden="true">
        <circle cx="25" cy="20" r="12" fill="none" stroke="#7b4f25" strokeWidth="2.5" />
        <circle cx="39" cy="20" r="12" fill="none" stroke="#c9a25a" strokeWidth="2.5" />
      </svg>
      <p>{ready ? t('loading') : ''}</p>
    </div>
  )
}
