// "Your site" card and link previews: on the embedded database it says plainly, in Filipino and in
// English, that previews in the chat apps need hosted Supabase; on Supabase it offers the link for
// chats (through the link-preview function) beside the site's own address, which the QR code keeps.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import enWebsite from '@/locales/en/website.json'
import filWebsite from '@/locales/fil/website.json'
import { MemoryRouter } from 'react-router'
import { websiteWedding } from './website-wedding'

/** The card inside management's router (it links to Your data). */
const renderCard = () =>
  render(
    <MemoryRouter>
      <YourSiteCard wedding={websiteWedding()} />
    </MemoryRouter>,
  )

const mode = vi.hoisted(() => ({ usesSupabase: false, linkPreviewUrl: null as string | null }))
vi.mock('@/lib/env', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  get usesSupabase() {
    return mode.usesSupabase
  },
}))
vi.mock('@/lib/link-preview', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  get linkPreviewUrl() {
    return mode.linkPreviewUrl
  },
}))

const { YourSiteCard } = await import('@/features/website/components/your-site-card')
const { linkPreviewBase } = await import('@/lib/link-preview')

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'fil',
    fallbackLng: false,
    ns: ['website'],
    defaultNS: 'website',
    resources: { fil: { website: filWebsite }, en: { website: enWebsite } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

afterEach(async () => {
  Object.assign(mode, { usesSupabase: false, linkPreviewUrl: null })
  await i18next.changeLanguage('fil')
})

describe('on the embedded database', () => {
  test.each([
    [
      'fil',
      /Kailangan din ng hosted Supabase ang link preview: .*Messenger, Viber, WhatsApp o Facebook, “Kasalan” lang ang lalabas/,
    ],
    [
      'en',
      /Link previews need hosted Supabase too: .*Messenger, Viber, WhatsApp or Facebook shows only “Kasalan”/,
    ],
  ])(
    'in %s, says that link previews need hosted Supabase, and offers no link for chats',
    async (language, message) => {
      await i18next.changeLanguage(language)
      renderCard()
      expect(screen.getByTestId('previews-need-supabase')).toHaveTextContent(message)
      expect(screen.queryByTestId('chat-link')).not.toBeInTheDocument()
      // How to share it is on Your data, not in a README a couple never sees.
      expect(
        screen.getByRole('link', {
          name:
            language === 'en' ? 'How to move, on Your data' : 'Paano lumipat, sa Ang inyong data',
        }),
      ).toHaveAttribute('href', '/manage/data')
      expect(document.body).not.toHaveTextContent('README')
      expect(screen.getByTestId('site-address')).toHaveTextContent(
        `${window.location.origin}/wedding/maria-and-juan`,
      )
    },
  )
})

describe('on hosted Supabase', () => {
  test('offers the link for chats through the preview function and copies it; the site address and QR stay the site’s own', async () => {
    Object.assign(mode, {
      usesSupabase: true,
      linkPreviewUrl: 'https://abcd.supabase.co/functions/v1/link-preview',
    })
    await i18next.changeLanguage('en')
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    renderCard()

    expect(screen.queryByTestId('previews-need-supabase')).not.toBeInTheDocument()
    const chat = screen.getByTestId('chat-link')
    expect(chat).toHaveTextContent('Link for Messenger, Viber, WhatsApp and Facebook')
    expect(chat).toHaveTextContent(
      'https://abcd.supabase.co/functions/v1/link-preview/wedding/maria-and-juan',
    )
    expect(
      screen.getByRole('img', {
        name: `QR code of ${window.location.origin}/wedding/maria-and-juan`,
      }),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Copy the link for chats' }))
    expect(writeText).toHaveBeenLastCalledWith(
      'https://abcd.supabase.co/functions/v1/link-preview/wedding/maria-and-juan',
    )
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/wedding/maria-and-juan`)
  })
})

describe('linkPreviewBase', () => {
  test("is the Supabase project's function unless set to another address or off, and none without Supabase", () => {
    expect(linkPreviewBase({ supabaseUrl: 'https://abcd.supabase.co/' })).toBe(
      'https://abcd.supabase.co/functions/v1/link-preview',
    )
    expect(
      linkPreviewBase({
        supabaseUrl: 'https://abcd.supabase.co',
        previewUrl: 'https://kasal.example/',
      }),
    ).toBe('https://kasal.example')
    expect(
      linkPreviewBase({ supabaseUrl: 'https://abcd.supabase.co', previewUrl: 'off' }),
    ).toBeNull()
    expect(linkPreviewBase({ supabaseUrl: '', previewUrl: 'https://kasal.example' })).toBeNull()
    expect(() =>
      linkPreviewBase({
        supabaseUrl: 'https://abcd.supabase.co',
        previewUrl: 'javascript:alert(1)',
      }),
    ).toThrow(/VITE_LINK_PREVIEW_URL/)
  })
})
