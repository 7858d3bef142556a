import { startTransition, useEffect, useRef, useState } from 'react'
import { Redirect, useParams } from 'wouter'
import { useTranslation } from '@/lib/i18n/react'
import { env } from '@/lib/env'
import { applyLanguage, savedLanguage } from '@/lib/i18n'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { releaseBootHero } from '../boot-screen'
import { LoadingOverlay } from '../components/loading-overlay'
import { SiteView } from '../components/site-view'
import { resolveSlug } from '../model/slug'
import { useSiteStore } from '../site-store'
import { useImagesSettled } from '../use-images-settled'
import '../site.css'

/**
 * The public wedding site on `/`, `/wedding/:slug` and `/wedding/:slug/:section`. The slug comes
 * from the route, else the subdomain, else the default site; a wedding that is not there (or not
 * published) sends the visitor to /404.
 */
export function SitePage() {
  const { slug: routeSlug, section: segment } = useParams()
  const slug = resolveSlug({
    routeSlug,
    hostname: window.location.hostname,
    defaultSlug: env.defaultSiteSlug,
  })
  const load = useSiteStore((state) => state.load)
  const status = useSiteStore((state) => (state.slug === slug ? state.status : 'loading'))
  const site = useSiteStore((state) => state.site)
  const movedTo = useSiteStore((state) => state.movedTo)
  const root = useRef<HTMLDivElement>(null)
  const ready = status === 'ready' && site !== null
  // The first screen is drawn first; the sections below it follow in an interruptible render, so
  // the phone can paint and answer between them. The HTML's first screen stays until all are drawn.
  const [drawnSlug, setDrawnSlug] = useState<string | null>(null)
  const whole = ready && drawnSlug === site.slug
  useEffect(() => {
    if (ready) startTransition(() => setDrawnSlug(site.slug))
  }, [ready, site])
  const imagesSettled = useImagesSettled(root, whole ? site.slug : null)

  useEffect(() => {
    void load(slug)
  }, [load, slug])

  // The HTML's first screen goes once this page is ready beneath it, or the site cannot be shown.
  const settled =
    (whole && imagesSettled) || status === 'failed' || status === 'notFound' || status === 'moved'
  useEffect(() => {
    if (settled) releaseBootHero()
    return releaseBootHero
  }, [settled])

  // The couple's chosen language, for a visitor who has not picked one.
  const siteLanguage = ready ? site.wedding.siteLanguage : undefined
  useEffect(() => {
    if (siteLanguage && !savedLanguage('site')) void applyLanguage(siteLanguage)
  }, [siteLanguage])

  // The address the guest typed goes along, so the 404 page can show it and help them fix it.
  if (status === 'notFound')
    return <Redirect to={paths.notFound} replace state={{ from: window.location.pathname }} />
  // An earlier address of the wedding (a printed invitation): on to the same page at the new one.
  if (status === 'moved' && movedTo) {
    return (
      <Redirect
        to={segment ? paths.site.section(movedTo, segment) : paths.site.wedding(movedTo)}
        replace
      />
    )
  }
  if (status === 'failed') return <LoadFailed onRetry={() => void load(slug, { force: true })} />

  return (
    <>
      {ready && <SiteView ref={root} site={site} segment={segment} firstScreenOnly={!whole} />}
      <LoadingOverlay hidden={whole && imagesSettled} />
    </>
  )
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('site')
  const error = useSiteStore((state) => state.error)
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-display text-3xl">{t('failed.title')}</h1>
      <p role="alert" className="text-muted">
        {errorMessage(error, t, 'site')}
      </p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t('failed.retry')}
      </button>
    </main>
  )
}
