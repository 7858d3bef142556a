import { Play } from 'lucide-react'
import { useTranslation } from '@/lib/i18n/react'
import type { Section } from '@/lib/api'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useSectionHeader } from '../components/use-section-header'
import { VideoEmbed } from '../components/video-embed'
import {
  allowedVideoSrc,
  galleryData,
  imageSources,
  readData,
  safeImageSrc,
  safeLink,
} from '@/lib/site-content'
import { SiteImage } from '../components/site-image'

/** Larawan: photos and videos with their captions. */
export function GallerySection({ section, level }: { section: Section; level: HeadingLevel }) {
  const { t } = useTranslation('site')
  const header = useSectionHeader(section)
  const data = readData(galleryData, section.data)
  const images = data.images.flatMap((item) => {
    const image = item.image ?? item.src
    const sources = imageSources(image)
    return sources ? [{ key: sources.src, image, caption: item.caption }] : []
  })
  const videos = data.videos.filter((video) => allowedVideoSrc(video.url) || safeLink(video.url))
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      {(images.length > 0 || videos.length > 0) && (
        <div className="space-y-8">
          {images.length > 0 && (
            <ul className="grid grid-cols-2 gap-3">
              {images.map((image, index) => (
                <li key={`${image.key}-${index}`} className={index % 3 === 0 ? 'col-span-2' : ''}>
                  <figure>
                    <SiteImage
                      image={image.image}
                      alt={image.caption ?? ''}
                      width={index % 3 === 0 ? 425 : 206}
                      height={index % 3 === 0 ? 283 : 206}
                      sizes={
                        index % 3 === 0
                          ? '(max-width: 480px) 100vw, 480px'
                          : '(max-width: 480px) 50vw, 240px'
                      }
                      loading="lazy"
                      className={`w-full rounded-(--site-radius) object-cover ${index % 3 === 0 ? 'aspect-[3/2]' : 'aspect-square'}`}
                    />
                    {image.caption && (
                      <figcaption className="site-muted mt-1.5 text-sm">{image.caption}</figcaption>
                    )}
                  </figure>
                </li>
              ))}
            </ul>
          )}
          {videos.map((video, index) => (
            <figure key={`${video.url}-${index}`}>
              {allowedVideoSrc(video.url) ? (
                <VideoEmbed html={video.url} fallbackTitle={video.caption ?? t('gallery.video')} />
              ) : (
                <a
                  href={safeLink(video.url)!}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="site-card flex items-center gap-4"
                >
                  {safeImageSrc(video.thumbnail) ? (
                    <img
                      src={safeImageSrc(video.thumbnail)!}
                      alt=""
                      width={96}
                      height={64}
                      loading="lazy"
                      className="h-16 w-24 rounded object-cover"
                    />
                  ) : (
                    <Play aria-hidden="true" className="site-ornament size-8" />
                  )}
                  <span className="site-link">{video.caption ?? t('gallery.watch')}</span>
                  <span className="sr-only"> {t('opensInNewTab')}</span>
                </a>
              )}
              {video.caption && allowedVideoSrc(video.url) && (
                <figcaption className="site-muted mt-1.5 text-sm">{video.caption}</figcaption>
              )}
            </figure>
          ))}
        </div>
      )}
    </SectionFrame>
  )
}
