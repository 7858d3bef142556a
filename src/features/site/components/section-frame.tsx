import { useId, type ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n/react'
import type { SectionHeader } from '@/lib/site-content'
import { Ornament } from './ornament'
import { SiteImage } from './site-image'

export type HeadingLevel = 1 | 2

interface SectionFrameProps {
  /** The anchor on the home page (`#schedule`). */
  id?: string
  header: SectionHeader
  /** h1 when the section is a page on its own, h2 in the home page's stack. */
  level: HeadingLevel
  children?: ReactNode
}

/** One band of the site: the section header (title, image, description), then its content. */
export function SectionFrame({ id, header, level, children }: SectionFrameProps) {
  const { t } = useTranslation('site')
  const headingId = useId()
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <section id={id} aria-labelledby={header.title ? headingId : undefined} className="site-band">
      <div className="site-container">
        <div className="site-content text-center">
          {header.title && (
            <Heading id={headingId} className="site-heading">
              {header.title}
            </Heading>
          )}
          <Ornament className="mx-auto mt-4 h-4 w-28" />
          <SiteImage
            image={header.image}
            alt=""
            width={425}
            height={283}
            loading={level === 1 ? 'eager' : 'lazy'}
            className="mt-8 aspect-[3/2] w-full rounded-(--site-radius) object-cover"
          />
          {header.description && <p className="site-prose mt-6">{header.description}</p>}
          {/* A section the couple has not filled in yet reads as "to follow", not as a bare title. */}
          {!children && !header.description && !header.image && (
            <p className="site-subheading site-muted mt-6 text-lg italic">{t('detailsSoon')}</p>
          )}
        </div>
        {children && <div className="site-content mt-10">{children}</div>}
      </div>
    </section>
  )
}
