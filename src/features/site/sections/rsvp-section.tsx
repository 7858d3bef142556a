import type { Section, Site } from '@/lib/api'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useSectionHeader } from '../components/use-section-header'
import { RsvpNameSearch } from '../rsvp-search/rsvp-name-search'

/** RSVP: the header, then the guest's name search. */
export function RsvpSection({
  section,
  site,
  level,
}: {
  section: Section
  site: Site
  level: HeadingLevel
}) {
  const header = useSectionHeader(section)
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      <div className="site-card">
        <RsvpNameSearch slug={site.slug} contact={site.wedding.contact} />
      </div>
    </SectionFrame>
  )
}
