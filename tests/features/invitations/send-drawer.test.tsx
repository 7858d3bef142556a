// The send drawer's e-mail channel: on hosted Supabase Kasalan sends the e-mail itself (through the
// Edge Function) and says what happened; in the embedded database it opens the couple's mail app
// and says so.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { FollowUpList } from '@/features/invitations/components/follow-up-list'
import { SendDrawer } from '@/features/invitations/components/send-drawer'
import type { EmailSendResult, InvitationHousehold } from '@/lib/api/invitations'
import { BackendError } from '@/lib/backend'
import enCommon from '@/locales/en/common.json'
import enInvitations from '@/locales/en/invitations.json'

const i18n = createInstance()
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common', 'invitations'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, invitations: enInvitations } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

const household: InvitationHousehold = {
  householdId: '22222222-2222-4222-8222-222222222222',
  code: 'ABCD2345',
  token: 'q7Xw-2mR_vK9bLp4ZtYc8A',
  linkReplacedAt: null,
  email: 'pacing@example.ph',
  phone: null,
  persons: [{ id: 'p1', firstName: 'Pacing', lastName: 'Ilagan' }],
  state: 'not_invited',
  sends: 0,
  answered: false,
} as InvitationHousehold

function renderDrawer(
  sendEmail?: (
    ...args: [string[], 'invitation' | 'reminder', 'fil' | 'en']
  ) => Promise<EmailSendResult>,
) {
  const record = vi.fn(async () => undefined)
  render(
    <I18nextProvider i18n={i18n}>
      <SendDrawer
        open
        onOpenChange={() => undefined}
        kind="invitation"
        households={[household]}
        wedding={{
          bride: { firstName: 'Maria' },
          groom: { firstName: 'Juan' },
          date: '2026-12-12',
          rsvpDeadline: null,
        }}
        templates={{}}
        record={record}
        sendEmail={sendEmail}
      />
    </I18nextProvider>,
  )
  return { user: userEvent.setup(), record }
}

describe('the e-mail channel', () => {
  test('hosted: Kasalan sends it in the chosen language, says so, and does not record it a second time', async () => {
    const sendEmail = vi.fn(async () => ({
      sent: [household.householdId],
      failed: [],
      skipped: [],
    }))
    const { user, record } = renderDrawer(sendEmail)
    expect(screen.getByText(/Kasalan sends the e-mail for you/)).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'English' }))
    await user.click(screen.getByRole('button', { name: 'E-mail' }))
    expect(sendEmail).toHaveBeenCalledWith([household.householdId], 'invitation', 'en')
    expect(await screen.findByRole('status')).toHaveTextContent(
      'E-mail sent to pacing@example.ph. Recorded as sent.',
    )
    expect(record).not.toHaveBeenCalled()
  })

  test('hosted: a refused e-mail and the daily limit are told in words, and nothing is recorded', async () => {
    const sendEmail = vi
      .fn<
        (...args: [string[], 'invitation' | 'reminder', 'fil' | 'en']) => Promise<EmailSendResult>
      >()
      .mockResolvedValueOnce({
        sent: [],
        failed: [{ householdId: household.householdId, reason: 'provider_422' }],
        skipped: [],
      })
      .mockRejectedValueOnce(new BackendError('email_daily_limit', '429'))
    const { user, record } = renderDrawer(sendEmail)
    await user.click(screen.getByRole('button', { name: 'E-mail' }))
    expect(
      await screen.findByText(/didn't accept this e-mail, so nothing was recorded/),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'E-mail' }))
    expect(await screen.findByText(/reached today's limit of 300 e-mails/)).toBeInTheDocument()
    expect(record).not.toHaveBeenCalled()
  })

  test('embedded: the note says the mail app opens, as before', () => {
    renderDrawer()
    expect(screen.getByText(/opens your own mail app/)).toBeInTheDocument()
    expect(screen.queryByText(/Kasalan sends the e-mail for you/)).not.toBeInTheDocument()
  })
})

describe('the follow-up list’s one-tap reminder', () => {
  const sentAt = new Date().toISOString()
  const invited = {
    ...household,
    state: 'invited',
    sends: 1,
    invitedAt: sentAt,
    invitedVia: 'email',
    lastChannel: 'email',
    lastSentAt: sentAt,
  } as InvitationHousehold

  function renderFollowUp(
    sendEmail?: (
      ...args: [string[], 'invitation' | 'reminder', 'fil' | 'en']
    ) => Promise<EmailSendResult>,
  ) {
    const record = vi.fn(async () => undefined)
    render(
      <I18nextProvider i18n={i18n}>
        <FollowUpList
          households={[invited]}
          wedding={{
            bride: { firstName: 'Maria' },
            groom: { firstName: 'Juan' },
            date: '2026-12-12',
            rsvpDeadline: null,
          }}
          templates={{}}
          record={record}
          onMoreWays={() => undefined}
          sendEmail={sendEmail}
        />
      </I18nextProvider>,
    )
    return { user: userEvent.setup(), record }
  }

  test('hosted: a household last reached by e-mail is reminded by Kasalan’s e-mail, in Filipino, recorded once', async () => {
    const sendEmail = vi.fn(async () => ({
      sent: [household.householdId],
      failed: [],
      skipped: [],
    }))
    const { user, record } = renderFollowUp(sendEmail)
    await user.click(screen.getByRole('button', { name: /^Remind by e-mail\s*Pacing Ilagan$/ }))
    expect(sendEmail).toHaveBeenCalledWith([household.householdId], 'reminder', 'fil')
    expect(await screen.findByRole('status')).toHaveTextContent(/Pacing Ilagan/)
    expect(record).not.toHaveBeenCalled()
  })

  test('hosted: the daily limit is told in words', async () => {
    const sendEmail = vi.fn(async () =>
      Promise.reject(new BackendError('email_daily_limit', '429')),
    )
    const { user } = renderFollowUp(sendEmail)
    await user.click(screen.getByRole('button', { name: /^Remind by e-mail\s*Pacing Ilagan$/ }))
    expect(await screen.findByText(/reached today's limit of 300 e-mails/)).toBeInTheDocument()
  })
})

describe('the follow-up list with nobody to remind', () => {
  function renderEmpty(households: InvitationHousehold[]) {
    render(
      <I18nextProvider i18n={i18n}>
        <FollowUpList
          households={households}
          wedding={{
            bride: { firstName: 'Maria' },
            groom: { firstName: 'Juan' },
            date: '2026-12-12',
            rsvpDeadline: null,
          }}
          templates={{}}
          record={vi.fn(async () => undefined)}
          onMoreWays={() => undefined}
        />
      </I18nextProvider>,
    )
  }

  test('before any invitation is sent, it says none was sent and where to send them', () => {
    renderEmpty([
      household,
      { ...household, householdId: '33333333-3333-4333-8333-333333333333', answered: true },
    ])
    expect(screen.getByText(/no invitation has been sent from here/)).toBeInTheDocument()
    expect(screen.queryByText(/every invited household has answered/)).not.toBeInTheDocument()
  })

  test('once the invited have all answered, it says so', () => {
    const sentAt = new Date().toISOString()
    renderEmpty([
      {
        ...household,
        state: 'answered',
        sends: 1,
        invitedAt: sentAt,
        answered: true,
      } as InvitationHousehold,
      household,
    ])
    expect(screen.getByText(/every invited household has answered/)).toBeInTheDocument()
    expect(screen.queryByText(/no invitation has been sent from here/)).not.toBeInTheDocument()
  })
})
