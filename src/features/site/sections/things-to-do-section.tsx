import { useTranslation } from '@/lib/i18n/react'
import type { Section } from '@/lib/api'
import { PlaceCard } from '../components/place-card'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useSectionHeader } from '../components/use-section-header'
import { VideoEmbed } from '../components/video-embed'
import { readData, thingsToDoData } from '@/lib/site-content'

/** Pasyalan at Kainan: places to visit and eat, some with a short video. */
export function ThingsToDoSection({ section, level }: { section: Section; level: HeadingLevel }) {
  const { t } = useTranslation('site')
  const header = useSectionHeader(section)
  const activities = readData(thingsToDoData, section.data).activities.filter(
    (activity) => activity.name,
  )
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      {activities.length > 0 && (
        <div className="space-y-6">
          {activities.map((activity, index) => (
            <PlaceCard
              key={`${activity.name}-${index}`}
              place={activity}
              websiteLabel={t('place.website')}
            >
              <VideoEmbed html={activity.video} fallbackTitle={activity.name ?? ''} />
            </PlaceCard>
          ))}
        </div>
      )}
    </SectionFrame>
  )
}
