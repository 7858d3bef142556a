import { clsx } from 'clsx'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Site } from '@/lib/api'
import type { Language } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { isPreviewMessage, previewMessageTypes, type PreviewShowMessage } from '@/lib/site-preview'

/** The width a desktop preview is laid out at before it is scaled down to fit. */
const DESKTOP_WIDTH = 1280
/** A common Android phone's CSS width. */
const PHONE_WIDTH = 360

interface Props {
  site: Site
  /** One section's page; without it, the whole home page. */
  segment?: string
  language?: Language
  device: 'desktop' | 'phone'
  /** The frame's accessible name, e.g. "Preview of your site on a phone". */
  title: string
  /** Sets the frame's height (e.g. `h-[70vh]`); the width follows the container. */
  className?: string
}

/**
 * The real public site, drawn from `site` (saved or not) inside an iframe, so the page lays out at
 * a true phone width and its styles never touch management's. Changes reach the frame at once.
 */
export function SitePreviewFrame({ site, segment, language, device, title, className }: Props) {
  const frame = useRef<HTMLIFrameElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState({ width: 0, height: 0 })
  const latest = useRef<PreviewShowMessage>({
    type: previewMessageTypes.show,
    site,
    segment,
    language,
  })

  const post = useCallback(
    () => frame.current?.contentWindow?.postMessage(latest.current, window.location.origin),
    [],
  )

  useLayoutEffect(() => {
    latest.current = { type: previewMessageTypes.show, site, segment, language }
    post()
  }, [post, site, segment, language])

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow)
        return
      if (isPreviewMessage(event.data, previewMessageTypes.ready)) post()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [post])

  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const phone = device === 'phone'
  // Laid out at its own width, then scaled to fit: a phone frame on a phone is a little smaller.
  const layoutWidth = phone ? PHONE_WIDTH : DESKTOP_WIDTH
  const scale = size.width === 0 ? 1 : Math.min(1, size.width / layoutWidth)
  const frameWidth = phone ? PHONE_WIDTH : size.width / scale || DESKTOP_WIDTH

  return (
    <div
      ref={box}
      className={clsx(
        'relative overflow-hidden',
        phone
          ? 'mx-auto w-[376px] max-w-full rounded-[2rem] border-8 border-ink bg-ink shadow-lg'
          : 'w-full rounded-lg border border-line bg-white shadow-sm',
        className ?? 'h-[70vh]',
      )}
    >
      <iframe
        ref={frame}
        src={paths.sitePreview}
        title={title}
        className="absolute left-0 top-0 origin-top-left border-0 bg-white"
        style={{
          width: frameWidth,
          height: scale === 1 ? '100%' : size.height / scale,
          transform: scale === 1 ? undefined : `scale(${scale})`,
        }}
      />
    </div>
  )
}
