import * as Tabs from '@radix-ui/react-tabs'
import { Download, Mail, Printer } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { PageSpinner } from '@/components/page-spinner'
import { RetryAlert } from '@/components/retry-alert'
import { ringInside } from '@/components/management-styles'
import { ScrollRow } from '@/components/scroll-row'
import type { Wedding } from '@/lib/api'
import {
  sendsEmailItself,
  type InvitationHousehold,
  type InvitationKind,
} from '@/lib/api/invitations'
import { downloadFile } from '@/lib/csv'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { FollowUpList } from '../components/follow-up-list'
import { HouseholdList } from '../components/household-list'
import { InvitationCounts } from '../components/invitation-counts'
import { SendDrawer } from '../components/send-drawer'
import { TemplatesForm } from '../components/templates-form'
import { invitationsCsv } from '../csv'
import { followUpList, type FollowUpEvent } from '../model/follow-up'
import { listEvents, listReplies } from '@/lib/api/events'
import type { MessageWedding } from '@/lib/invitations/message'
import { useInvitations } from '../use-invitations'

/** /manage/invitations: invite every household, see where each stands, and chase the rest. */
export function InvitationsPage() {
  return (
    <MyWeddingGate namespace="invitations">
      {(wedding) => <InvitationsScreen wedding={wedding} />}
    </MyWeddingGate>
  )
}

const tabClass =
  'whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-muted hover:text-ink data-[state=active]:border-brand-600 data-[state=active]:text-brand-700'

function InvitationsScreen({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('invitations')
  const { state, reload, record, sendEmails, renew, saveTemplates } = useInvitations(wedding.id)
  const [sending, setSending] = useState<{ kind: InvitationKind; householdIds: string[] } | null>(
    null,
  )
  const [csvFailed, setCsvFailed] = useState(false)
  const followUpEvents = useFollowUpEvents(
    wedding.id,
    state.status === 'ready' ? state.households : null,
  )
  const messageWedding: MessageWedding = useMemo(
    () => ({
      bride: wedding.bride,
      groom: wedding.groom,
      date: wedding.date,
      rsvpDeadline: wedding.rsvpDeadline,
    }),
    [wedding],
  )

  const households = state.status === 'ready' ? state.households : []
  // The drawer follows the households' latest state (a send recorded, a code renewed).
  const sendingTo = sending
    ? households.filter((household) => sending.householdIds.includes(household.householdId))
    : []
  const open = (kind: InvitationKind, list: InvitationHousehold[]) =>
    setSending({ kind, householdIds: list.map((h) => h.householdId) })

  const downloadCsv = async () => {
    setCsvFailed(false)
    try {
      downloadFile(
        `invitations-${wedding.slug}.csv`,
        await invitationsCsv(households, window.location.origin),
      )
    } catch {
      setCsvFailed(true)
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">{t('title')}</h1>
          <p className="mt-1 max-w-2xl text-muted">{t('intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={paths.manage.invitationsPrint}
            className="btn btn-secondary min-h-10 px-3 text-sm"
          >
            <Printer aria-hidden="true" className="size-4" />
            {t('print.link')}
          </Link>
          <button
            type="button"
            className="btn btn-secondary min-h-10 px-3 text-sm"
            disabled={state.status !== 'ready'}
            onClick={() => void downloadCsv()}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('csv.download')}
          </button>
          <Link
            to={paths.manage.emailPreviewRsvp}
            className="btn btn-secondary min-h-10 px-3 text-sm"
          >
            <Mail aria-hidden="true" className="size-4" />
            {t('emailPreview')}
          </Link>
        </div>
      </div>
      {csvFailed && (
        <Alert tone="error" className="mt-4">
          <p>{t('csv.failed')}</p>
        </Alert>
      )}

      {state.status === 'error' && (
        <RetryAlert
          className="mt-6"
          message={errorMessage(state.error, t, 'invitations')}
          onRetry={reload}
        />
      )}
      {state.status === 'loading' && <PageSpinner />}

      {state.status === 'ready' && (
        <>
          <div className="mt-6">
            <InvitationCounts households={households} />
          </div>
          <Tabs.Root defaultValue="households" className="mt-6">
            <ScrollRow>
              <Tabs.List
                aria-label={t('tabs.label')}
                className="flex border-b border-line"
                style={{ width: 'max-content', minWidth: '100%' }}
              >
                <Tabs.Trigger value="households" className={tabClass} style={ringInside}>
                  {t('tabs.households')}
                </Tabs.Trigger>
                <Tabs.Trigger value="follow-up" className={tabClass} style={ringInside}>
                  {t('tabs.followUp', { count: followUpList(households).length })}
                </Tabs.Trigger>
                <Tabs.Trigger value="templates" className={tabClass} style={ringInside}>
                  {t('tabs.templates')}
                </Tabs.Trigger>
              </Tabs.List>
            </ScrollRow>
            <Tabs.Content value="households" className="pt-4 focus-visible:outline-none">
              <HouseholdList
                households={households}
                onSend={(list) => open('invitation', list)}
                renew={renew}
              />
            </Tabs.Content>
            <Tabs.Content value="follow-up" className="pt-4 focus-visible:outline-none">
              <FollowUpList
                households={households}
                wedding={messageWedding}
                templates={state.templates}
                record={record}
                onMoreWays={(household) => open('reminder', [household])}
                sendEmail={sendsEmailItself ? sendEmails : undefined}
                events={followUpEvents.events}
                answered={followUpEvents.answered}
              />
            </Tabs.Content>
            <Tabs.Content value="templates" className="pt-4 focus-visible:outline-none">
              <TemplatesForm
                templates={state.templates}
                hasDeadline={Boolean(wedding.rsvpDeadline)}
                save={saveTemplates}
              />
            </Tabs.Content>
          </Tabs.Root>
          <SendDrawer
            open={sending !== null && sendingTo.length > 0}
            onOpenChange={(next) => !next && setSending(null)}
            kind={sending?.kind ?? 'invitation'}
            households={sendingTo}
            wedding={messageWedding}
            templates={state.templates}
            record={record}
            sendEmail={sendsEmailItself ? sendEmails : undefined}
          />
        </>
      )}
    </div>
  )
}

/**
 * The events other than the main one that take RSVPs, and who has answered each, for following
 * them up one by one. Read when the households are (again after a send); none when they cannot be
 * read: the wedding's follow-up works as before.
 */
function useFollowUpEvents(weddingId: string, households: unknown) {
  const [read, setRead] = useState<{
    events: Array<
      FollowUpEvent & { name: string; date: string | null; effectiveDeadline: string | null }
    >
    answered: ReadonlySet<string>
  }>({ events: [], answered: new Set() })
  const { t } = useTranslation('invitations')
  useEffect(() => {
    if (!households) return
    let current = true
    Promise.all([listEvents(weddingId), listReplies(weddingId)]).then(
      ([events, replies]) => {
        if (!current) return
        setRead({
          events: events
            .filter((event) => event.takesRsvp && !event.isMain)
            .map((event) => ({
              ...event,
              name: event.name?.trim() || t('followUp.eventUnnamed'),
              date: event.date ?? null,
            })),
          answered: new Set(
            replies
              .filter((reply) => reply.isAttending !== null)
              .map((reply) => `${reply.eventId}:${reply.personId}`),
          ),
        })
      },
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [weddingId, households, t])
  return read
}
