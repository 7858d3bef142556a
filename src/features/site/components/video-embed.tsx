import { useTranslation } from '@/lib/i18n/react'
import { sanitizeVideoEmbed } from '@/lib/site-content'

/**
 * A couple's short video: our own sandboxed, lazily loaded <iframe> pointing at the one address
 * the sanitiser allowed. The stored HTML itself is never put on the page.
 */
export function VideoEmbed({
  html,
  fallbackTitle,
}: {
  html: string | null | undefined
  fallbackTitle: string
}) {
  const { t } = useTranslation('site')
  const embed = sanitizeVideoEmbed(html)
  if (!embed) return null
  return (
    <div className="mt-5 aspect-video w-full overflow-hidden rounded-(--site-radius) bg-black/5">
      <iframe
        src={embed.src}
        title={embed.title ?? t('video.title', { name: fallbackTitle })}
        width={425}
        height={239}
        loading="lazy"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        className="size-full border-0"
      />
    </div>
  )
}
