import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from '@/components/page-spinner'
import type { RsvpHousehold, Wedding } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { displayFullName } from '@/lib/names'
import { paths } from '@/lib/paths'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { LanguageChoice } from '@/components/language-choice'
import { RetryAlert } from '@/components/retry-alert'
import { renderInvitationEmail, venueFromSections } from '../model/invitation-email'
import { renderRsvpEmail, type EmailLanguage, type EmailWedding } from '../model/rsvp-email'
import { useInvitationDetails } from '../use-invitation-details'
import { useRsvpHouseholds } from '../use-rsvp-households'

const emailKinds = ['confirmation', 'invitation', 'reminder'] as const
type EmailKind = (typeof emailKinds)[number]

/** /manage/email-preview/rsvp: the confirmation e-mail a household gets, from its real answers. */
export function RsvpEmailPreviewPage() {
  return (
    <MyWeddingGate namespace="email">
      {(wedding) => <EmailPreview wedding={wedding} />}
    </MyWeddingGate>
  )
}

/** The wedding as the e-mail names it, with the venue from the site's home section if there is one. */
function emailWedding(wedding: Wedding): EmailWedding {
  return {
    bride: wedding.bride,
    groom: wedding.groom,
    date: wedding.date,
    rsvpDeadline: wedding.rsvpDeadline,
    venue: venueFromSections(wedding.sections),
    contact: wedding.contact,
  }
}

const householdLabel = (household: RsvpHousehold) =>
  household.persons.map((person) => displayFullName(person)).join(', ')

function EmailPreview({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('email')
  const { state, retry } = useRsvpHouseholds(wedding.id)
  const [chosen, setChosen] = useState<string | null>(null)
  const [language, setLanguage] = useState<EmailLanguage>('fil')
  const [kind, setKind] = useState<EmailKind>('confirmation')
  const invitations = useInvitationDetails(wedding.id)
  const id = useId()

  const households = useMemo(() => (state.status === 'ready' ? state.households : []), [state])
  // Start with a household that has answered: that is whom the e-mail is for.
  const household =
    households.find((item) => item.id === chosen) ??
    households.find((item) => item.persons.some((person) => person.isAttending !== null)) ??
    households[0]

  const email = useMemo(() => {
    if (!household) return null
    if (kind !== 'confirmation') {
      const invitation = invitations?.households.find((item) => item.householdId === household.id)
      if (!invitations || !invitation) return null
      return renderInvitationEmail({
        kind,
        language,
        wedding: emailWedding(wedding),
        templates: invitations.templates,
        household: invitation,
        origin: window.location.origin,
      })
    }
    const first = household.persons[0]
    return renderRsvpEmail({
      wedding: emailWedding(wedding),
      household,
      language,
      rsvpUrl: first
        ? `${window.location.origin}${paths.site.rsvp(wedding.slug, household.id, first.id)}`
        : null,
    })
  }, [wedding, household, language, kind, invitations])

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl">{t('preview.title')}</h1>
      <p className="mt-1 max-w-2xl text-muted">{t('preview.intro')}</p>

      {state.status === 'error' && (
        <RetryAlert
          className="mt-6"
          message={errorMessage(state.error, t, 'email')}
          onRetry={retry}
        />
      )}
      {state.status === 'loading' && <PageSpinner />}
      {state.status === 'ready' && !household && (
        <p className="mt-6 rounded-2xl border border-line bg-white p-6 text-muted">
          {t('preview.noGuests')}
        </p>
      )}

      {household && (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <div
            id="email-preview-settings"
            className="space-y-5 rounded-2xl border border-line bg-white p-5"
          >
            <div>
              <label htmlFor={`${id}-household`} className="field-label">
                {t('preview.household')}
              </label>
              <select
                id={`${id}-household`}
                className="field-input"
                value={household.id}
                onChange={(event) => setChosen(event.target.value)}
              >
                {households.map((item) => (
                  <option key={item.id} value={item.id}>
                    {householdLabel(item)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-kind`} className="field-label">
                {t('preview.kind')}
              </label>
              <select
                id={`${id}-kind`}
                className="field-input"
                value={kind}
                onChange={(event) => setKind(event.target.value as EmailKind)}
              >
                {emailKinds.map((value) => (
                  <option key={value} value={value}>
                    {t(`preview.kinds.${value}`)}
                  </option>
                ))}
              </select>
            </div>
            <LanguageChoice
              legend={t('preview.language')}
              value={language}
              onChange={setLanguage}
            />
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="font-semibold">{t('preview.to')}</dt>
                <dd className="break-all text-muted">{household.email ?? t('preview.noEmail')}</dd>
              </div>
              <div>
                <dt className="font-semibold">{t('preview.subject')}</dt>
                <dd>{email?.subject ?? ''}</dd>
              </div>
            </dl>
            <p className="text-xs text-muted">{t('preview.notSent')}</p>
          </div>

          {email ? (
            <div className="min-w-0 space-y-4">
              <iframe
                title={t('preview.frameTitle')}
                sandbox=""
                srcDoc={email.html}
                className="h-[44rem] w-full rounded-2xl border border-line bg-white"
              />
              <details className="rounded-2xl border border-line bg-white p-4">
                <summary className="cursor-pointer font-semibold">{t('preview.plainText')}</summary>
                <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">
                  {email.text}
                </pre>
              </details>
            </div>
          ) : (
            <PageSpinner />
          )}
        </div>
      )}
    </div>
  )
}
