// The gift ledger's drawers: a thank-you handed to a channel is marked sent through it, and a
// refused mark says why and marks nothing; a gift whose save fails keeps everything typed and says
// what went wrong; a member who does not see the money is not offered the amount; the thank-you
// wording keeps what was typed when its save fails, and ours saved as none.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { GiftDrawer } from '@/features/plan/gifts/components/gift-drawer'
import { TemplatesDrawer } from '@/features/plan/gifts/components/templates-drawer'
import { ThankYouDrawer } from '@/features/plan/gifts/components/thank-you-drawer'
import { defaultThankYou } from '@/features/plan/gifts/model/gift-ledger'
import type { Gift, ThankYouChannel } from '@/lib/api/gifts'
import { BackendError } from '@/lib/backend'
import enCommon from '@/locales/en/common.json'
import enPlan from '@/locales/en/plan.json'

vi.mock('@/lib/guest-list', () => {
  const state = {
    households: [
      {
        id: 'h1',
        persons: [
          { firstName: 'Ramon', lastName: 'Santos' },
          { firstName: 'Lourdes', lastName: 'Santos' },
        ],
      },
      { id: 'h2', persons: [{ firstName: 'Niño', lastName: 'Peña' }] },
    ],
    status: 'ready',
    load: async () => undefined,
  }
  return { useGuestListStore: (select: (value: typeof state) => unknown) => select(state) }
})

const i18n = createInstance()
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common', 'plan'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, plan: enPlan } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

const gift: Gift = {
  id: 'g1',
  householdId: 'h1',
  giverName: 'Ramon Santos + 1',
  persons: [
    { firstName: 'Ramon', lastName: 'Santos' },
    { firstName: 'Lourdes', lastName: 'Santos' },
  ],
  phone: null,
  email: 'ramon@example.ph',
  kind: 'gcash',
  reference: '1012',
  description: null,
  amount: 500000,
  receivedOn: '2026-12-12',
  notes: null,
  thankedAt: null,
  thankedVia: null,
  createdAt: '2026-12-12T01:00:00Z',
  updatedAt: '2026-12-12T01:00:00Z',
}

function renderThankYou(
  mark: (gift: Gift, channel: ThankYouChannel | null) => Promise<Gift>,
  language: 'fil' | 'en' = 'en',
) {
  render(
    <I18nextProvider i18n={i18n}>
      <ThankYouDrawer
        gift={gift}
        onOpenChange={() => undefined}
        templates={{ en: 'Salamat, {names}! — {couple}' }}
        couple={{ bride: { firstName: 'Isabel' }, groom: { firstName: 'Miguel' } }}
        language={language}
        mark={mark}
      />
    </I18nextProvider>,
  )
  return userEvent.setup()
}

describe('the thank-you', () => {
  test("is the couple's template with the names filled, copied, and marked sent through copy", async () => {
    const mark = vi.fn(async (_gift: Gift, channel: ThankYouChannel | null) => ({
      ...gift,
      thankedAt: '2026-12-20T02:00:00Z',
      thankedVia: channel,
    }))
    const user = renderThankYou(mark)
    expect(screen.getByLabelText('Message')).toHaveValue(
      'Salamat, Ramon and Lourdes! — Isabel & Miguel',
    )
    // No phone on the list: SMS cannot be chosen; e-mail can.
    expect(screen.getByRole('button', { name: 'SMS' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'E-mail' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Copy message' }))
    expect(mark).toHaveBeenCalledWith(gift, 'copy')
    expect(await navigator.clipboard.readText()).toBe(
      'Salamat, Ramon and Lourdes! — Isabel & Miguel',
    )
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Message copied. Marked as thanked through copy and paste.',
    )
    expect(screen.getByTestId('thank-you-state')).toHaveTextContent(
      'Thanked on Sunday, 20 December 2026 through copy and paste.',
    )
    await user.click(screen.getByRole('button', { name: 'Mark as not yet thanked' }))
    expect(mark).toHaveBeenLastCalledWith(expect.objectContaining({ thankedVia: 'copy' }), null)
  })

  test("starts in the site's language, whatever the screen's: a Filipino site's guests get our Filipino message", async () => {
    renderThankYou(vi.fn(), 'fil')
    expect(screen.getByRole('radio', { name: 'Filipino' })).toBeChecked()
    expect(screen.getByLabelText('Message')).toHaveValue(
      'Hi Ramon at Lourdes! 💛 Maraming, maraming salamat po sa regalo ninyo sa aming kasal. Malaking tulong po ito sa pagsisimula namin bilang mag-asawa, at lalo kaming natuwa na kasama namin kayo. Salamat po sa pagmamahal! — Isabel at Miguel',
    )
  })

  test('a refused mark says why and leaves it not yet sent', async () => {
    const mark = vi.fn(async () => {
      throw new BackendError('gift_not_found', 'P0001')
    })
    const user = renderThankYou(mark)
    await user.click(screen.getByRole('button', { name: 'Thanked in person' }))
    expect(mark).toHaveBeenCalledWith(gift, 'in_person')
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This gift is no longer in the ledger.',
    )
    expect(screen.getByTestId('thank-you-state')).toHaveTextContent('Thank-you not sent yet.')
  })
})

describe('the gift form', () => {
  function renderForm(save: (input: unknown) => Promise<void>, seesMoney = true) {
    render(
      <I18nextProvider i18n={i18n}>
        <GiftDrawer
          open
          onOpenChange={() => undefined}
          weddingId="w1"
          gift={null}
          seesMoney={seesMoney}
          save={save}
        />
      </I18nextProvider>,
    )
    return userEvent.setup()
  }

  test('a failed save keeps what was typed and says what went wrong', async () => {
    const save = vi.fn(async () => {
      throw new BackendError('household_not_found', 'P0001')
    })
    const user = renderForm(save)
    await user.type(screen.getByRole('searchbox', { name: 'Find a household by name' }), 'pena')
    await user.click(screen.getByRole('radio', { name: 'Niño Peña' }))
    await user.selectOptions(screen.getByLabelText('Kind of gift'), 'maya')
    await user.type(screen.getByLabelText('Reference number (optional)'), 'MY-77')
    await user.type(screen.getByLabelText('Amount in pesos (optional)'), '2,500.50')
    await user.click(screen.getByRole('button', { name: 'Save gift' }))
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        householdId: 'h2',
        kind: 'maya',
        reference: 'MY-77',
        amount: 250050,
      }),
    )
    expect(
      await screen.findByText(/That household is no longer on the guest list/),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Reference number (optional)')).toHaveValue('MY-77')
    expect(screen.getByLabelText('Amount in pesos (optional)')).toHaveValue('2,500.50')
  })

  test('an amount it cannot read is refused before saving', async () => {
    const save = vi.fn(async () => undefined)
    const user = renderForm(save)
    await user.click(screen.getByRole('radio', { name: 'Not on the list' }))
    await user.type(screen.getByLabelText("Giver's name"), 'Ninong Rudy')
    await user.type(screen.getByLabelText('Amount in pesos (optional)'), 'limang libo')
    await user.click(screen.getByRole('button', { name: 'Save gift' }))
    expect(
      await screen.findByText('Type an amount in pesos, such as 5,000 or 2500.50.'),
    ).toBeInTheDocument()
    expect(save).not.toHaveBeenCalled()
  })

  test('a member who does not see the money is not offered the amount', () => {
    renderForm(async () => undefined, false)
    expect(screen.queryByLabelText('Amount in pesos (optional)')).not.toBeInTheDocument()
    expect(screen.getByText('Only the couple records the amount.')).toBeInTheDocument()
  })
})

describe('the thank-you wording', () => {
  test('a refused save keeps what was typed and says why; ours, put back, is saved as none', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(new BackendError('wedding_not_found', 'P0001'))
      .mockResolvedValueOnce(undefined)
    render(
      <I18nextProvider i18n={i18n}>
        <TemplatesDrawer
          open
          onOpenChange={() => undefined}
          templates={{ en: 'Thanks, {names}! — {couple}' }}
          save={save}
        />
      </I18nextProvider>,
    )
    const user = userEvent.setup()
    const filipino = screen.getByLabelText('In Filipino')
    const english = screen.getByLabelText('In English')
    expect(filipino).toHaveValue(defaultThankYou.fil)
    await user.clear(filipino)
    await user.type(filipino, 'Salamat po, {{names}! — {{couple}')
    await user.click(screen.getByRole('button', { name: 'Save message' }))
    expect(
      await screen.findByText(
        "We couldn't find this wedding. Your account may no longer have access to it.",
      ),
    ).toBeInTheDocument()
    expect(filipino).toHaveValue('Salamat po, {names}! — {couple}')
    expect(english).toHaveValue('Thanks, {names}! — {couple}')
    expect(english).toBeEnabled()

    await user.click(screen.getByRole('button', { name: "Use Kasalan's English wording" }))
    expect(english).toHaveValue(defaultThankYou.en)
    await user.click(screen.getByRole('button', { name: 'Save message' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2))
    expect(save).toHaveBeenLastCalledWith({ fil: 'Salamat po, {names}! — {couple}', en: '' })
  })
})
