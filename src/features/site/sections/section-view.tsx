import type { Section, Site } from '@/lib/api'
import type { HeadingLevel } from '../components/section-frame'
import { CustomSection } from './custom-section'
import { FaqsSection } from './faqs-section'
import { GallerySection } from './gallery-section'
import { OurStorySection } from './our-story-section'
import { RegistrySection } from './registry-section'
import { RsvpSection } from './rsvp-section'
import { ScheduleSection } from './schedule-section'
import { ThingsToDoSection } from './things-to-do-section'
import { TravelSection } from './travel-section'
import { WeddingPartySection } from './wedding-party-section'

interface Props {
  section: Section
  site: Site
  level: HeadingLevel
}

/**
 * One section of the site below the hero, drawn by its type. This module is its own chunk: the
 * couple's names, date and countdown (the home section) show without waiting for it.
 */
export function SectionView({ section, site, level }: Props) {
  switch (section.type) {
    case 'schedule':
      return <ScheduleSection section={section} level={level} weddingDate={site.wedding.date} />
    case 'wedding-party':
      return <WeddingPartySection section={section} level={level} />
    case 'registry':
      return <RegistrySection section={section} level={level} />
    case 'travel':
      return <TravelSection section={section} level={level} />
    case 'things-to-do':
      return <ThingsToDoSection section={section} level={level} />
    case 'faqs':
      return <FaqsSection section={section} level={level} />
    case 'rsvp':
      return <RsvpSection section={section} site={site} level={level} />
    case 'our-story':
      return <OurStorySection section={section} level={level} />
    case 'gallery':
      return <GallerySection section={section} level={level} />
    default:
      return <CustomSection section={section} level={level} />
  }
}

export { ContactBlock } from '../components/contact-block'
