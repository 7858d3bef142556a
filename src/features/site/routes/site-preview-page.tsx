import { useEffect, useState, type MouseEvent } from 'react'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import { site as readSite, type Site } from '@/lib/api/site-answer'
import { refused } from '@/lib/read-json'
import { applyLanguage } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { isPreviewMessage, previewMessageTypes, type PreviewShowMessage } from '@/lib/site-preview'
import { SiteView } from '../components/site-view'
import '../site.css'

const inFrame = window.parent !== window

/**
 * The public site drawn from whatever the management screen around it posts (see
 * `SitePreviewFrame`): the real renderer, with the couple's unsaved changes. Links between the
 * site's pages move the preview; nothing here navigates the frame away.
 */
export function SitePreviewPage() {
  const [shown, setShown] = useState<{ site: Site; segment?: string } | null>(null)
  // A page the couple opened by clicking inside the preview, while the parent still shows `from`.
  const [visited, setVisited] = useState<{ from?: string; segment?: string } | null>(null)

  useEffect(() => {
    if (!inFrame) return
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return
      if (!isPreviewMessage<PreviewShowMessage>(event.data, previewMessageTypes.show)) return
      const site = readSite(event.data.site)
      if (site === refused) return
      if (event.data.language) void applyLanguage(event.data.language)
      setShown({ site, segment: event.data.segment })
    }
    window.addEventListener('message', onMessage)
    window.parent.postMessage({ type: previewMessageTypes.ready }, window.location.origin)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  if (!inFrame) return <OutsideFrame />
  if (!shown) return null

  const site = shown.site
  const keepInPreview = (event: MouseEvent) => {
    const anchor = (event.target as Element).closest('a')
    if (!anchor || anchor.target === '_blank' || anchor.getAttribute('href')?.startsWith('#'))
      return
    event.preventDefault()
    const url = new URL(anchor.href, window.location.href)
    const home = paths.site.wedding(site.slug)
    if (url.origin !== window.location.origin) return
    const segment = url.pathname.startsWith(`${home}/`)
      ? decodeURIComponent(url.pathname.slice(home.length + 1))
      : ''
    if (url.pathname !== home && !segment) return
    setVisited({ from: shown.segment, segment: segment || undefined })
    window.scrollTo(0, 0)
  }
  const segment = visited && visited.from === shown.segment ? visited.segment : shown.segment

  return (
    <div onClickCapture={keepInPreview}>
      <SiteView site={site} segment={segment} preview />
    </div>
  )
}

function OutsideFrame() {
  const { t } = useTranslation('site')
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-display text-3xl">{t('preview.title')}</h1>
      <p className="text-muted">{t('preview.outsideFrame')}</p>
      <Link to={paths.manage.website} className="btn btn-primary">
        {t('preview.openBuilder')}
      </Link>
    </main>
  )
}
