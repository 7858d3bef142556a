import { Mail, MessageCircle, Phone } from 'lucide-react'
import { messengerLabel, messengerUrl, namesAreSeveral } from '@/lib/contact'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import type { Rsvp } from '@/lib/api'
import { formatLongDate } from '@/lib/dates'
import { paths } from '@/lib/paths'
import { coupleFirstNames, telHref } from '../model/format'
import { dateLanguage } from '@/lib/rsvp/format-time'
import { RsvpSummary } from './rsvp-summary'

/** After the deadline: RSVP is closed, what was recorded, and how to reach the couple. */
export function RsvpClosed({ rsvp }: { rsvp: Rsvp }) {
  const { t, i18n } = useTranslation('rsvp')
  const { wedding, household } = rsvp
  const contact = wedding.contact
  const named = contact.names?.trim()
  const names = named || coupleFirstNames(wedding, t('shell.and'))
  const messenger = messengerUrl(contact.messenger)
  const events = rsvp.events ?? []
  const answered = household.persons.some(
    (person) =>
      person.isAttending !== null ||
      (person.events ?? []).some((reply) => reply.isAttending != null),
  )

  return (
    <>
      <div className="text-center">
        <p className="rsvp-eyebrow">{t('page.eyebrow')}</p>
        <h1 className="rsvp-heading mt-2">{t('closed.title')}</h1>
        {wedding.rsvpDeadline && (
          <p className="mt-3">
            {t('closed.body', {
              date: formatLongDate(wedding.rsvpDeadline, dateLanguage(i18n.language)),
            })}
          </p>
        )}
      </div>

      <section className="rsvp-card mt-8" aria-labelledby="rsvp-contact">
        <h2 id="rsvp-contact" className="rsvp-subheading">
          {t(named && !namesAreSeveral(named) ? 'closed.contactTitleOne' : 'closed.contactTitle', {
            names,
          })}
        </h2>
        <p className="rsvp-muted mt-1 text-sm">{t('closed.contactBody')}</p>
        <ul className="mt-4 space-y-2">
          {contact.email && (
            <li>
              <a
                className="rsvp-button-quiet w-full justify-start"
                href={`mailto:${contact.email}`}
              >
                <Mail aria-hidden="true" className="size-5" />
                {contact.email}
              </a>
            </li>
          )}
          {contact.phone && (
            <li>
              <a className="rsvp-button-quiet w-full justify-start" href={telHref(contact.phone)}>
                <Phone aria-hidden="true" className="size-5" />
                {contact.phone}
              </a>
            </li>
          )}
          {messenger && (
            <li>
              <a
                className="rsvp-button-quiet w-full justify-start break-all"
                href={messenger}
                target="_blank"
                rel="noopener noreferrer"
              >
                <MessageCircle aria-hidden="true" className="size-5 shrink-0" />
                {messengerLabel(messenger)}
              </a>
            </li>
          )}
        </ul>
        {!contact.email && !contact.phone && !messenger && (
          <p className="mt-2 text-sm">{t('closed.noContact')}</p>
        )}
      </section>

      {answered && (
        <section className="rsvp-card mt-6" aria-labelledby="rsvp-recorded">
          <h2 id="rsvp-recorded" className="rsvp-subheading mb-4">
            {t('closed.recorded')}
          </h2>
          <RsvpSummary household={household} events={events} />
        </section>
      )}

      <p className="mt-8 text-center">
        <Link className="rsvp-link" to={paths.site.wedding(wedding.slug)}>
          {t('thankYou.backToSite')}
        </Link>
      </p>
    </>
  )
}
