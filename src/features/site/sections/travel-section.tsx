import { useTranslation } from '@/lib/i18n/react'
import type { Section } from '@/lib/api'
import { PlaceCard } from '../components/place-card'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useSectionHeader } from '../components/use-section-header'
import { readData, travelData } from '@/lib/site-content'

/** Tuluyan: where guests can stay. */
export function TravelSection({ section, level }: { section: Section; level: HeadingLevel }) {
  const { t } = useTranslation('site')
  const header = useSectionHeader(section)
  const hotels = readData(travelData, section.data).hotels.filter((hotel) => hotel.name)
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      {hotels.length > 0 && (
        <div className="space-y-6">
          {hotels.map((hotel, index) => (
            <PlaceCard
              key={`${hotel.name}-${index}`}
              place={hotel}
              websiteLabel={t('place.book')}
            />
          ))}
        </div>
      )}
    </SectionFrame>
  )
}
