import type { Section } from '@/lib/api'
import { formatLongDate } from '@/lib/manila-time'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useDateLanguage, useSectionHeader } from '../components/use-section-header'
import { ourStoryData, readData } from '@/lib/site-content'
import { SiteImage } from '../components/site-image'

/** Ang Aming Kuwento: the couple's milestones, oldest first as they wrote them. */
export function OurStorySection({ section, level }: { section: Section; level: HeadingLevel }) {
  const header = useSectionHeader(section)
  const language = useDateLanguage()
  const stories = readData(ourStoryData, section.data).stories.filter(
    (story) => story.title || story.description,
  )
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      {stories.length > 0 && (
        <ol className="site-timeline space-y-10">
          {stories.map((story, index) => {
            const date = formatLongDate(story.date, language).replace(/^[^,]+,\s*/, '')
            return (
              <li key={`${story.title}-${index}`} className="relative">
                <span className="site-timeline-dot" aria-hidden="true" />
                {date && <p className="site-eyebrow">{date}</p>}
                {story.title && <h3 className="site-subheading mt-1.5">{story.title}</h3>}
                <SiteImage
                  image={story.image}
                  alt=""
                  width={397}
                  height={265}
                  loading="lazy"
                  className="mt-4 aspect-[3/2] w-full rounded-(--site-radius) object-cover"
                />
                {story.description && <p className="site-prose mt-2">{story.description}</p>}
              </li>
            )
          })}
        </ol>
      )}
    </SectionFrame>
  )
}
