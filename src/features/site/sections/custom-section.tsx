import { Fragment } from 'react'
import { useTranslation } from '@/lib/i18n/react'
import type { Section } from '@/lib/api'
import { customData, readData, safeLink, type TextBlock } from '@/lib/site-content'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useSectionHeader } from '../components/use-section-header'

/** A page the couple added (custom or about): its header and its structured text, never HTML. */
export function CustomSection({ section, level }: { section: Section; level: HeadingLevel }) {
  const header = useSectionHeader(section)
  const { body, blocks } = readData(customData, section.data)
  const shown = blocks.filter(hasContent)
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      {(body || shown.length > 0) && (
        <div className="space-y-4">
          {body && <p className="site-prose">{body}</p>}
          {shown.map((block, index) => (
            <Fragment key={index}>
              <Block block={block} level={level} />
            </Fragment>
          ))}
        </div>
      )}
    </SectionFrame>
  )
}

function hasContent(block: TextBlock) {
  if (block.kind === 'list') return block.items.some((item) => item.trim())
  if (block.kind === 'link') return Boolean(safeLink(block.url))
  return block.text.trim() !== ''
}

function Block({ block, level }: { block: TextBlock; level: HeadingLevel }) {
  const { t } = useTranslation('site')
  switch (block.kind) {
    case 'heading': {
      const Heading = level === 1 ? 'h2' : 'h3'
      return <Heading className="site-subheading pt-2">{block.text}</Heading>
    }
    case 'paragraph':
      return <p className="site-prose">{block.text}</p>
    case 'list':
      return (
        <ul className="site-prose list-disc space-y-1 pl-6 text-left">
          {block.items
            .filter((item) => item.trim())
            .map((item, index) => (
              <li key={index}>{item}</li>
            ))}
        </ul>
      )
    case 'link':
      return (
        <p>
          <a
            href={safeLink(block.url)!}
            target="_blank"
            rel="noopener noreferrer"
            className="site-link"
          >
            {block.text?.trim() || block.url}
            <span className="sr-only"> ({t('opensInNewTab')})</span>
          </a>
        </p>
      )
  }
}
