// The invitation messages' links with link previews on (hosted Supabase): the message and its link
// go through the link-preview function, so the chat app shows the couple; the QR code a guest scans
// is the site's own address.
import { render, screen } from '@testing-library/react'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { beforeAll, expect, test, vi } from 'vitest'
import type { InvitationHousehold } from '@/lib/api/invitations'
import enCommon from '@/locales/en/common.json'
import enInvitations from '@/locales/en/invitations.json'

vi.mock('@/lib/link-preview', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  linkPreviewUrl: 'https://abcd.supabase.co/functions/v1/link-preview',
  chatLinkOrigin: () => 'https://abcd.supabase.co/functions/v1/link-preview',
}))

const { SendDrawer } = await import('@/features/invitations/components/send-drawer')

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

const household = {
  householdId: '22222222-2222-4222-8222-222222222222',
  code: 'ABCD2345',
  token: 'q7Xw-2mR_vK9bLp4ZtYc8A',
  linkReplacedAt: null,
  email: null,
  phone: '09171234567',
  persons: [{ id: 'p1', firstName: 'Pacing', lastName: 'Ilagan' }],
  state: 'not_invited',
  sends: 0,
  answered: false,
} as unknown as InvitationHousehold

test("the message's link goes through the preview function; the QR code is the site's own", () => {
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
        record={vi.fn(async () => undefined)}
      />
    </I18nextProvider>,
  )
  const link = 'https://abcd.supabase.co/functions/v1/link-preview/i/q7Xw-2mR_vK9bLp4ZtYc8A'
  expect(screen.getByTestId('invitation-link')).toHaveTextContent(link)
  expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toContain(link)
  expect(
    screen.getByRole('img', {
      name: new RegExp(`${window.location.origin}/i/q7Xw-2mR_vK9bLp4ZtYc8A`),
    }),
  ).toBeInTheDocument()
})
