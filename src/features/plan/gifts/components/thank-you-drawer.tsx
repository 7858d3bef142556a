import { Copy, Hand, Mail, MessageCircle, MessageSquare, Phone, Share2 } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Drawer } from '@/components/drawer'
import { LanguageChoice } from '@/components/language-choice'
import type { Gift, ThankYouChannel, ThankYouTemplates } from '@/lib/api/gifts'
import { formatLongDate, toManila } from '@/lib/dates'
import { errorMessage } from '@/lib/errors'
import { channelAvailable } from '@/lib/invitations/channels'
import { canShare, sendThrough } from '@/lib/invitations/send-through'
import {
  giverLabel,
  renderThankYou,
  thankYouTemplate,
  type MessageLanguage,
} from '../model/gift-ledger'

type SendChannel = Exclude<ThankYouChannel, 'in_person'>

const channelIcons: Record<SendChannel, ReactNode> = {
  messenger: <MessageCircle aria-hidden="true" className="size-4" />,
  viber: <Phone aria-hidden="true" className="size-4" />,
  whatsapp: <MessageSquare aria-hidden="true" className="size-4" />,
  sms: <MessageSquare aria-hidden="true" className="size-4" />,
  email: <Mail aria-hidden="true" className="size-4" />,
  copy: <Copy aria-hidden="true" className="size-4" />,
  share: <Share2 aria-hidden="true" className="size-4" />,
}

const channelOrder: SendChannel[] = [
  'messenger',
  'viber',
  'whatsapp',
  'sms',
  'email',
  'copy',
  'share',
]

interface ThankYouDrawerProps {
  gift: Gift | null
  onOpenChange(open: boolean): void
  templates: ThankYouTemplates
  couple: { bride: { firstName?: string | null }; groom: { firstName?: string | null } }
  /** The language the message starts in: the site's, the one the couple speaks to their guests in. */
  language: MessageLanguage
  mark(gift: Gift, channel: ThankYouChannel | null): Promise<Gift>
}

/**
 * A gift's thank-you: the couple's message (or ours) with the giver's names, in Filipino or
 * English and editable for this one send, and a button per channel, as invitations are sent.
 * Choosing one hands the message over and marks the thank-you sent through it.
 */
export function ThankYouDrawer({ gift, onOpenChange, ...props }: ThankYouDrawerProps) {
  const { t } = useTranslation('plan')
  return (
    <Drawer
      open={gift !== null}
      onOpenChange={onOpenChange}
      title={t('gifts.thanks.title')}
      description={gift ? giverLabel(gift) : undefined}
      footer={
        <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)}>
          {t('gifts.thanks.done')}
        </button>
      }
    >
      {gift && <ThankYou key={gift.id} gift={gift} {...props} />}
    </Drawer>
  )
}

type Status = { tone: 'ok' | 'error'; text: string } | null

function ThankYou({
  gift: initial,
  templates,
  couple,
  language: siteLanguage,
  mark,
}: Omit<ThankYouDrawerProps, 'gift' | 'onOpenChange'> & { gift: Gift }) {
  const { t, i18n } = useTranslation('plan')
  const id = useId()
  const [gift, setGift] = useState(initial)
  const [language, setLanguage] = useState<MessageLanguage>(siteLanguage)
  const rendered = renderThankYou({
    template: thankYouTemplate(templates, language),
    language,
    gift,
    couple,
  })
  const [edited, setEdited] = useState<{ language: MessageLanguage; text: string } | null>(null)
  const text = edited?.language === language ? edited.text : rendered
  const [status, setStatus] = useState<Status>(null)
  const [busy, setBusy] = useState(false)
  const target = { phone: gift.phone ?? null, email: gift.email ?? null }
  const channels = channelOrder.filter((channel) => channel !== 'share' || canShare())
  const uiLanguage = i18n.language === 'fil' ? 'fil' : 'en'

  const record = async (channel: ThankYouChannel | null, done: string) => {
    try {
      setGift(await mark(gift, channel))
      setStatus({ tone: 'ok', text: done })
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, t, 'plan') })
    }
  }

  const choose = async (channel: ThankYouChannel) => {
    setBusy(true)
    setStatus(null)
    try {
      if (channel !== 'in_person') {
        const outcome = await sendThrough(channel, target, {
          text,
          subject: t('gifts.thanks.subject'),
        })
        if (outcome === 'failed')
          setStatus({
            tone: 'error',
            text: t(`gifts.thanks.failed.${channel === 'share' ? 'share' : 'copy'}`),
          })
        if (outcome === 'failed' || outcome === 'cancelled') return
        const channelName = t(`gifts.channels.${channel}`)
        await record(
          channel,
          outcome === 'copied'
            ? t(`gifts.thanks.copied.${channel === 'messenger' ? 'messenger' : 'copy'}`, {
                channel: channelName,
              })
            : t('gifts.thanks.marked', { channel: channelName }),
        )
      } else {
        await record(
          'in_person',
          t('gifts.thanks.marked', { channel: t('gifts.channels.in_person') }),
        )
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-muted">
        {[gift.phone, gift.email].filter(Boolean).join(' · ') ||
          (gift.householdId ? t('gifts.thanks.noContact') : t('gifts.thanks.notOnList'))}
      </p>

      <p className="rounded-lg border border-line px-3 py-2 text-sm" data-testid="thank-you-state">
        {gift.thankedAt && gift.thankedVia
          ? t('gifts.thanks.sentOn', {
              date: formatLongDate(toManila(gift.thankedAt).format('YYYY-MM-DD'), uiLanguage),
              channel: t(`gifts.channels.${gift.thankedVia}`),
            })
          : t('gifts.thanks.notYet')}
      </p>

      <LanguageChoice legend={t('gifts.thanks.language')} value={language} onChange={setLanguage} />

      <div>
        <label htmlFor={`${id}-message`} className="field-label">
          {t('gifts.thanks.message')}
        </label>
        <textarea
          id={`${id}-message`}
          className="field-input min-h-44"
          lang={language}
          value={text}
          maxLength={2000}
          aria-describedby={`${id}-message-hint`}
          onChange={(event) => setEdited({ language, text: event.target.value })}
        />
        <p id={`${id}-message-hint`} className="mt-1 text-xs text-muted">
          {t('gifts.thanks.messageHint')}
        </p>
      </div>

      <div>
        <h3 className="field-label">{t('gifts.thanks.channels')}</h3>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {channels.map((channel) => (
            <button
              key={channel}
              type="button"
              className="btn btn-secondary min-h-11 justify-start px-3 text-sm"
              disabled={busy || !channelAvailable(channel, target)}
              onClick={() => void choose(channel)}
            >
              {channelIcons[channel]}
              {t(`gifts.channels.action.${channel}`)}
            </button>
          ))}
          <button
            type="button"
            className="btn btn-secondary min-h-11 justify-start px-3 text-sm"
            disabled={busy}
            onClick={() => void choose('in_person')}
          >
            <Hand aria-hidden="true" className="size-4" />
            {t('gifts.channels.action.in_person')}
          </button>
        </div>
        {!channelAvailable('sms', target) && (
          <p className="mt-2 text-xs text-muted">{t('gifts.thanks.missing.phone')}</p>
        )}
        {!channelAvailable('email', target) && (
          <p className="mt-1 text-xs text-muted">{t('gifts.thanks.missing.email')}</p>
        )}
      </div>

      {gift.thankedAt && (
        <button
          type="button"
          className="btn btn-secondary text-sm"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            void record(null, t('gifts.thanks.unmarked')).finally(() => setBusy(false))
          }}
        >
          {t('gifts.thanks.markNotYet')}
        </button>
      )}

      <p
        role="status"
        className={`min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
      >
        {status?.text ?? ''}
      </p>
    </div>
  )
}
