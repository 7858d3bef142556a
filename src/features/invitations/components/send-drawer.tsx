import { Copy, Mail, MessageCircle, MessageSquare, Phone, Send, Share2 } from 'lucide-react'
import { useId, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Drawer } from '@/components/drawer'
import { LanguageChoice } from '@/components/language-choice'
import type {
  EmailSendResult,
  InvitationChannel,
  InvitationHousehold,
  InvitationKind,
  InvitationTemplates,
} from '@/lib/api/invitations'
import { errorMessage } from '@/lib/errors'
import { displayFullName } from '@/lib/names'
import { qrSvg } from '@/lib/qr'
import { channelAvailable } from '@/lib/invitations/channels'
import {
  invitationLink,
  printedCode,
  renderMessage,
  type MessageLanguage,
  type MessageWedding,
} from '@/lib/invitations/message'
import { chatLinkOrigin } from '@/lib/link-preview'
import { canShare, sendThrough } from '@/lib/invitations/send-through'

const channelIcons: Record<InvitationChannel, ReactNode> = {
  messenger: <MessageCircle aria-hidden="true" className="size-4" />,
  viber: <Phone aria-hidden="true" className="size-4" />,
  whatsapp: <MessageSquare aria-hidden="true" className="size-4" />,
  sms: <MessageSquare aria-hidden="true" className="size-4" />,
  email: <Mail aria-hidden="true" className="size-4" />,
  copy: <Copy aria-hidden="true" className="size-4" />,
  share: <Share2 aria-hidden="true" className="size-4" />,
}

const channelOrder: InvitationChannel[] = [
  'messenger',
  'viber',
  'whatsapp',
  'sms',
  'email',
  'copy',
  'share',
]

interface SendDrawerProps {
  open: boolean
  onOpenChange(open: boolean): void
  kind: InvitationKind
  /** The households to send to, one after another. */
  households: InvitationHousehold[]
  wedding: MessageWedding
  templates: InvitationTemplates
  record(householdIds: string[], channel: InvitationChannel, kind: InvitationKind): Promise<void>
  /** Present when Kasalan sends e-mail itself (hosted Supabase): the e-mail channel calls it. */
  sendEmail?(
    householdIds: string[],
    kind: InvitationKind,
    language: MessageLanguage,
  ): Promise<EmailSendResult>
}

/**
 * Sends an invitation or reminder to one household after another: the message in Filipino or
 * English (editable for this one send), the household's link, code and QR code, and a button per
 * channel. Choosing a channel records the send.
 */
export function SendDrawer({
  open,
  onOpenChange,
  kind,
  households,
  wedding,
  templates,
  record,
  sendEmail,
}: SendDrawerProps) {
  const { t } = useTranslation('invitations')
  const [index, setIndex] = useState(0)
  const household = households[Math.min(index, households.length - 1)]
  const title = kind === 'invitation' ? t('send.titleInvitation') : t('send.titleReminder')

  return (
    <Drawer
      open={open}
      onOpenChange={(next) => {
        if (!next) setIndex(0)
        onOpenChange(next)
      }}
      title={title}
      description={
        households.length > 1
          ? t('send.progress', { current: index + 1, total: households.length })
          : undefined
      }
      footer={
        households.length > 1 ? (
          <>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={index === 0}
              onClick={() => setIndex(index - 1)}
            >
              {t('send.previous')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={index >= households.length - 1}
              onClick={() => setIndex(index + 1)}
            >
              {t('send.next')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)}>
            {t('send.done')}
          </button>
        )
      }
    >
      {household && (
        <SendOne
          key={`${household.householdId}/${household.token}`}
          kind={kind}
          household={household}
          wedding={wedding}
          templates={templates}
          record={record}
          sendEmail={sendEmail}
        />
      )}
    </Drawer>
  )
}

type Status = { tone: 'ok' | 'error'; text: string } | null

function SendOne({
  kind,
  household,
  wedding,
  templates,
  record,
  sendEmail,
}: {
  kind: InvitationKind
  household: InvitationHousehold
  wedding: MessageWedding
  templates: InvitationTemplates
  record: SendDrawerProps['record']
  sendEmail: SendDrawerProps['sendEmail']
}) {
  const { t, i18n } = useTranslation('invitations')
  const id = useId()
  const [language, setLanguage] = useState<MessageLanguage>('fil')
  const rendered = useMemo(
    () =>
      renderMessage({ kind, language, templates, wedding, household, origin: chatLinkOrigin() }),
    [kind, language, templates, wedding, household],
  )
  const [edited, setEdited] = useState<{ language: MessageLanguage; text: string } | null>(null)
  const text = edited?.language === language ? edited.text : rendered.text
  const [status, setStatus] = useState<Status>(null)
  const [busy, setBusy] = useState(false)
  // Scanned by a person, never a chat app: the site's own address, with no stop on the way.
  const siteLink = invitationLink(window.location.origin, household.token)
  const svg = useMemo(() => qrSvg(siteLink), [siteLink])
  const names = household.persons.map((person) => displayFullName(person)).join(', ')
  const target = { phone: household.phone ?? null, email: household.email ?? null }
  const channels = channelOrder.filter((channel) => channel !== 'share' || canShare())

  // Kasalan sends it (hosted): the function renders the template and records what it sent.
  const sendByKasalan = async (send: NonNullable<typeof sendEmail>) => {
    try {
      const result = await send([household.householdId], kind, language)
      if (result.sent.length > 0)
        setStatus({ tone: 'ok', text: t('send.emailSent', { address: household.email }) })
      else if (result.skipped.length > 0)
        setStatus({
          tone: 'error',
          text: t(
            `errors.${result.skipped[0]!.reason === 'no_email' ? 'invitation_no_email' : 'household_not_found'}`,
          ),
        })
      else setStatus({ tone: 'error', text: t('send.emailFailed') })
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, t, 'invitations') })
    } finally {
      setBusy(false)
    }
  }

  const choose = async (channel: InvitationChannel) => {
    setBusy(true)
    setStatus(null)
    if (channel === 'email' && sendEmail) return sendByKasalan(sendEmail)
    const outcome = await sendThrough(channel, target, { text, subject: rendered.subject })
    if (outcome === 'failed' || outcome === 'cancelled') {
      setBusy(false)
      if (outcome === 'failed')
        setStatus({
          tone: 'error',
          text: t(`send.failed.${channel === 'share' ? 'share' : 'copy'}`),
        })
      return
    }
    try {
      await record([household.householdId], channel, kind)
      setStatus({
        tone: 'ok',
        text: t(outcome === 'copied' ? `send.copied.${channel}` : 'send.recorded', {
          channel: t(`channels.${channel}`),
        }),
      })
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, t, 'invitations') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-5">
      <div>
        <h3 className="text-lg font-semibold">{names}</h3>
        <p className="text-sm text-muted">
          {[household.phone, household.email].filter(Boolean).join(' · ') || t('send.noContact')}
        </p>
      </div>

      <div className="flex items-center gap-4 rounded-2xl border border-line p-4">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('send.qrAlt', { link: siteLink })}
          width={96}
          height={96}
          className="size-24 shrink-0"
        />
        <dl className="min-w-0 text-sm">
          <dt className="font-semibold">{t('send.link')}</dt>
          <dd className="break-all font-mono" data-testid="invitation-link">
            {rendered.link}
          </dd>
          <dt className="mt-2 font-semibold">{t('send.code')}</dt>
          <dd className="font-mono text-lg tracking-widest">{printedCode(household.code)}</dd>
        </dl>
      </div>

      <LanguageChoice legend={t('send.language')} value={language} onChange={setLanguage} />

      <div>
        <label htmlFor={`${id}-message`} className="field-label">
          {t('send.message')}
        </label>
        <textarea
          id={`${id}-message`}
          className="field-input min-h-44"
          lang={language}
          value={text}
          maxLength={2000}
          aria-describedby={`${id}-message-hint`}
          // The browser brings only the box into view; on a phone its hint would stay under the
          // drawer's buttons, so the hint comes into view with it.
          onFocus={() =>
            document.getElementById(`${id}-message-hint`)?.scrollIntoView({ block: 'nearest' })
          }
          onChange={(event) => setEdited({ language, text: event.target.value })}
        />
        <p id={`${id}-message-hint`} className="mt-1 text-xs text-muted">
          {t('send.messageHint')}
        </p>
      </div>

      <div>
        <h3 className="field-label">{t('send.channels')}</h3>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {channels.map((channel) => {
            const available = channelAvailable(channel, target)
            return (
              <button
                key={channel}
                type="button"
                className="btn btn-secondary min-h-11 justify-start px-3 text-sm"
                disabled={busy || !available}
                onClick={() => void choose(channel)}
              >
                {channelIcons[channel]}
                {t(`channels.action.${channel}`)}
              </button>
            )
          })}
        </div>
        {!channelAvailable('sms', target) && (
          <p className="mt-2 text-xs text-muted">{t('send.missing.phone')}</p>
        )}
        {!channelAvailable('email', target) && (
          <p className="mt-1 text-xs text-muted">{t('send.missing.email')}</p>
        )}
        <p className="mt-2 text-xs text-muted">
          <Send aria-hidden="true" className="mr-1 inline size-3" />
          {t(sendEmail ? 'send.emailNoteHosted' : 'send.emailNote')}
        </p>
      </div>

      <p
        role="status"
        className={`min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
        lang={i18n.language}
      >
        {status?.text ?? ''}
      </p>
    </div>
  )
}
