import { useTranslation } from '@/lib/i18n/react'
import type { Section, Site } from '@/lib/api'
import { formatLongDate } from '@/lib/manila-time'
import { Countdown } from '../components/countdown'
import { MapPinIcon } from '../components/icons'
import { Ornament } from '../components/ornament'
import type { HeadingLevel } from '../components/section-frame'
import { useDateLanguage } from '../components/use-section-header'
import { countdownTarget } from '../model/countdown'
import { homeData, imageSources, readData, scheduleData } from '@/lib/site-content'
import { sectionHeader } from '@/lib/site-content'
import { isCoupleTitle } from '@/lib/names'
import { coupleNames, mapSearchUrl } from '../model/sections'
import { themeArt } from '../theme-art'
import { SiteImage } from '../components/site-image'

interface Props {
  section: Section
  site: Site
  level: HeadingLevel
  /** On the home page the hero offers a jump to the RSVP section. */
  rsvpAnchor?: string | null
}

/** The couple's names, the date, the place, the countdown; then the venue. */
export function HomeSection({ section, site, level, rsvpAnchor }: Props) {
  const { t } = useTranslation('site')
  const language = useDateLanguage()
  const data = readData(homeData, section.data)
  const header = sectionHeader(section)
  const names = coupleNames(site.wedding, data)
  const date = site.wedding.date ?? data.wedding?.date ?? null
  // The wedding's details (edited in the builder) win over a home page's own copy of them.
  const details = site.wedding.location
  const location =
    details && (details.venue.trim() || details.city.trim()) ? details : data.wedding?.location
  const place = [location?.venue, location?.city].filter(Boolean).join(', ')
  const schedule = site.sections.find((candidate) => candidate.type === 'schedule')
  const target = countdownTarget(date, schedule ? readData(scheduleData, schedule.data).events : [])
  const photo = imageSources(header.image)
  const Heading = level === 1 ? 'h1' : 'h2'
  // The title sign-up saved is the couple's names (as typed): it follows the names, which the
  // heading shows, so the eyebrow says "Ikakasal na" rather than the names again.
  const welcome = isCoupleTitle(
    header.title,
    [site.wedding.bride, site.wedding.groom],
    [data.bride, data.groom],
  )
    ? null
    : header.title
  const hashtag = site.wedding.hashtag?.trim() || data.wedding?.hashtag?.trim()

  return (
    <>
      <section
        id={section.path}
        aria-labelledby="site-couple-names"
        className="site-band site-hero"
      >
        <div className="site-container">
          <div className="site-hero-card">
            {photo ? (
              <SiteImage
                image={header.image}
                alt={t('home.photoAlt', { names: names.full })}
                width={425}
                height={531}
                fetchPriority="high"
                className="site-hero-photo mb-10"
              />
            ) : (
              <img
                src={themeArt(String(site.wedding.theme.name))}
                alt=""
                width={300}
                height={150}
                fetchPriority="high"
                className="site-hero-art mb-6"
              />
            )}
            <p className="site-eyebrow">{welcome ?? t('home.eyebrow')}</p>
            <Heading id="site-couple-names" className="site-names mt-5">
              <span className="block">{names.bride}</span>
              <span className="site-names-amp block"> &amp; </span>
              <span className="block">{names.groom}</span>
            </Heading>
            <Ornament className="mx-auto mt-6 h-4 w-32" />
            {date && (
              <p className="site-wedding-date mt-6 text-xl tracking-wide">
                {formatLongDate(date, language) || t('home.dateToFollow')}
              </p>
            )}
            {place && <p className="site-muted mt-1 text-[0.95rem]">{place}</p>}
            <div className="mt-8">
              <Countdown target={target} />
            </div>
            {header.description && <p className="site-prose mt-8">{header.description}</p>}
            {rsvpAnchor && (
              <a href={`#${rsvpAnchor}`} className="site-button mt-9">
                {t('home.rsvpCta')}
              </a>
            )}
            {hashtag && (
              <p className="site-eyebrow mt-8 normal-case tracking-[0.08em]">{hashtag}</p>
            )}
          </div>
        </div>
      </section>

      {location?.venue && (
        <section aria-labelledby="site-venue-title" className="site-band">
          <div className="site-container">
            <div className="site-content text-center">
              <p className="site-eyebrow">{t('venue.eyebrow')}</p>
              <h2 id="site-venue-title" className="site-heading mt-3">
                {location.venue}
              </h2>
              <Ornament className="mx-auto mt-4 h-4 w-28" />
              <p className="site-muted mt-5">
                {[location.city, location.country].filter(Boolean).join(', ')}
              </p>
              {date && <p className="site-event-date mt-1">{formatLongDate(date, language)}</p>}
              <a
                href={mapSearchUrl([location.venue, location.city, location.country])}
                target="_blank"
                rel="noopener noreferrer"
                className="site-button-quiet mt-7"
              >
                <MapPinIcon className="size-4" />
                {t('venue.map')}
                <span className="sr-only"> {t('opensInNewTab')}</span>
              </a>
            </div>
          </div>
        </section>
      )}
    </>
  )
}
