import type { Section } from '@/lib/api'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useSectionHeader } from '../components/use-section-header'
import { customData, readData } from '../model/section-data'

/** A page the couple added (custom or about): its header and its text. */
export function CustomSection({ section, level }: { section: Section; level: HeadingLevel }) {
  const header = useSectionHeader(section)
  const { body } = readData(customData, section.data)
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      {body && <p className="site-prose">{body}</p>}
    </SectionFrame>
  )
}
