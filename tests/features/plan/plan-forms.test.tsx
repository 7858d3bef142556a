// The budget line and supplier forms against a mocked API: what a coordinator without the money is
// offered and sends, a typing slip said in words with nothing typed lost, and a refused save shown.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { BackendError } from '@/lib/backend'
import enPlan from '@/locales/en/plan.json'

const api = vi.hoisted(() => ({
  saveSupplier: vi.fn(),
  saveBudgetLine: vi.fn(),
  saveBudgetPayment: vi.fn(),
}))
vi.mock('@/lib/api/budget', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))

const { SupplierDrawer } = await import('@/features/plan/suppliers/supplier-form')
const { LineDrawer, PaymentDrawer } = await import('@/features/plan/budget/budget-forms')

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['plan', 'common'],
    resources: {
      en: {
        plan: enPlan,
        common: {
          actions: { cancel: 'Cancel', close: 'Close' },
          error: { generic: 'Something went wrong.' },
        },
      },
    },
    interpolation: { escapeValue: false },
  })
})

beforeEach(() => {
  api.saveSupplier.mockReset().mockResolvedValue('s1')
  api.saveBudgetLine.mockReset().mockResolvedValue('l1')
  api.saveBudgetPayment.mockReset().mockResolvedValue('p1')
})

test('a coordinator without the money is offered no contract or budget line, and sends none', async () => {
  const onSaved = vi.fn()
  render(
    <SupplierDrawer
      weddingId="w1"
      supplier={null}
      money={false}
      lines={[]}
      onClose={() => {}}
      onSaved={onSaved}
    />,
  )
  expect(screen.queryByLabelText('Contract amount (₱)')).toBeNull()
  expect(screen.queryByLabelText(/^Budget line/)).toBeNull()
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Studio Liwanag ' } })
  fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'photo_video' } })
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0917 555 0101' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save supplier' }))
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Studio Liwanag'))
  expect(api.saveSupplier).toHaveBeenCalledWith('w1', null, {
    name: 'Studio Liwanag',
    service: 'photo_video',
    phone: '0917 555 0101',
    messenger: null,
    notes: null,
    status: 'considering',
    contractCentavos: null,
    budgetLineId: null,
  })
})

test('a phone that is not a number and a contract in words are said, and nothing is sent', async () => {
  render(
    <SupplierDrawer
      weddingId="w1"
      supplier={null}
      money
      lines={[]}
      onClose={() => {}}
      onSaved={() => {}}
    />,
  )
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Flores de Mayo' } })
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: 'call me' } })
  fireEvent.change(screen.getByLabelText('Contract amount (₱)'), {
    target: { value: 'fifty thousand' },
  })
  fireEvent.click(screen.getByRole('button', { name: 'Save supplier' }))
  expect(await screen.findByText('Write a mobile number, like 0917 555 0101.')).toBeTruthy()
  expect(screen.getByText('Write an amount in pesos, like 150,000.')).toBeTruthy()
  expect(api.saveSupplier).not.toHaveBeenCalled()
  expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Flores de Mayo')
})

test('a supplier with no name is said under the name, which takes the focus, and nothing is sent until the next save', async () => {
  render(
    <SupplierDrawer
      weddingId="w1"
      supplier={null}
      money
      lines={[]}
      onClose={() => {}}
      onSaved={() => {}}
    />,
  )
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } })
  fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Ask about the lechon.' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save supplier' }))
  expect(await screen.findByText('Give the supplier a name.')).toBeTruthy()
  const name = screen.getByLabelText('Name')
  expect(name.getAttribute('aria-invalid')).toBe('true')
  expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
    'Give the supplier a name.',
  )
  expect(document.activeElement).toBe(name)
  expect(api.saveSupplier).not.toHaveBeenCalled()
  expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe(
    'Ask about the lechon.',
  )
  // A field is checked again at the next save, as before.
  fireEvent.change(name, { target: { value: 'Flores de Mayo' } })
  expect(screen.getByText('Give the supplier a name.')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Save supplier' }))
  await waitFor(() => expect(api.saveSupplier).toHaveBeenCalled())
  expect(screen.queryByText('Give the supplier a name.')).toBeNull()
})

test('a supplier whose save is refused keeps everything typed, says why, and saves on the next try', async () => {
  api.saveSupplier.mockRejectedValueOnce(new BackendError('budget_line_not_found', 'P0001'))
  const onSaved = vi.fn()
  const lines = [{ id: 'l1', category: 'catering', name: "Josephine's Catering" }] as never
  render(
    <SupplierDrawer
      weddingId="w1"
      supplier={null}
      money
      lines={lines}
      onClose={() => {}}
      onSaved={onSaved}
    />,
  )
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: "Josephine's Catering" } })
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'booked' } })
  fireEvent.change(screen.getByLabelText('Contract amount (₱)'), { target: { value: '190,960' } })
  fireEvent.change(screen.getByLabelText(/^Budget line/), { target: { value: 'l1' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save supplier' }))
  expect(await screen.findByText('That budget line was deleted. Choose another.')).toBeTruthy()
  expect(onSaved).not.toHaveBeenCalled()
  expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe("Josephine's Catering")
  expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('booked')
  expect((screen.getByLabelText('Contract amount (₱)') as HTMLInputElement).value).toBe('190,960')
  expect((screen.getByLabelText(/^Budget line/) as HTMLSelectElement).value).toBe('l1')

  fireEvent.click(screen.getByRole('button', { name: 'Save supplier' }))
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith("Josephine's Catering"))
  expect(api.saveSupplier.mock.lastCall?.[2]).toMatchObject({
    status: 'booked',
    contractCentavos: 19_096_000,
    budgetLineId: 'l1',
  })
})

test('a per-head caterer is sent in centavos with its basis, and a refused save keeps the form', async () => {
  api.saveBudgetLine.mockRejectedValueOnce(new BackendError('budget_line_not_found', 'P0001'))
  const onSaved = vi.fn()
  render(
    <LineDrawer
      weddingId="w1"
      line={null}
      guests={{ attending: 40, invited: 62 }}
      categories={[]}
      onClose={() => {}}
      onSaved={onSaved}
    />,
  )
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: "Josephine's Catering" } })
  fireEvent.click(screen.getByRole('radio', { name: 'Per head' }))
  fireEvent.change(screen.getByLabelText('Price per guest (₱)'), { target: { value: '2,500' } })
  fireEvent.click(screen.getByRole('radio', { name: 'Those who said yes (40)' }))
  fireEvent.click(screen.getByRole('checkbox', { name: 'Add a 10 % service charge' }))
  fireEvent.click(screen.getByRole('checkbox', { name: 'Add 12 % VAT' }))
  fireEvent.click(screen.getByRole('button', { name: 'Save line' }))
  expect(
    await screen.findByText('That budget line was deleted. The budget has been read again.'),
  ).toBeTruthy()
  expect(onSaved).not.toHaveBeenCalled()
  expect((screen.getByLabelText('Price per guest (₱)') as HTMLInputElement).value).toBe('2,500')

  fireEvent.click(screen.getByRole('button', { name: 'Save line' }))
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith("Josephine's Catering"))
  expect(api.saveBudgetLine).toHaveBeenLastCalledWith('w1', null, {
    category: 'catering',
    name: "Josephine's Catering",
    estimateCentavos: null,
    quoteCentavos: null,
    pricePerHeadCentavos: 250_000,
    headCountBasis: 'attending',
    actualCentavos: null,
    withService: true,
    withVat: true,
  })
})

test("a line in the couple's own category: offered again once used, and a new one needs a name", async () => {
  const onSaved = vi.fn()
  render(
    <LineDrawer
      weddingId="w1"
      line={null}
      guests={{ attending: 0, invited: 0 }}
      categories={['catering', 'Ilaw at tunog']}
      onClose={() => {}}
      onSaved={onSaved}
    />,
  )
  const options = [...(screen.getByLabelText('Category') as HTMLSelectElement).options].map(
    (option) => option.text,
  )
  expect(options.slice(-3)).toEqual(['Ilaw at tunog', 'Others', 'New category…'])
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: ' new' } })
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Giveaways' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save line' }))
  expect(await screen.findByText('Give the new category a name.')).toBeTruthy()
  expect(api.saveBudgetLine).not.toHaveBeenCalled()
  fireEvent.change(screen.getByLabelText('New category'), { target: { value: ' Souvenirs ' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save line' }))
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Giveaways'))
  expect(api.saveBudgetLine.mock.lastCall?.[2]).toMatchObject({
    category: 'Souvenirs',
    name: 'Giveaways',
  })
})

test('a line with no name and an estimate in words: both said, the first refused field focused, nothing sent', async () => {
  render(
    <LineDrawer
      weddingId="w1"
      line={null}
      guests={{ attending: 0, invited: 0 }}
      categories={[]}
      onClose={() => {}}
      onSaved={() => {}}
    />,
  )
  fireEvent.change(screen.getByLabelText('Estimate (₱)'), { target: { value: 'mga isang daan' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save line' }))
  expect(await screen.findByText('Give the line a name.')).toBeTruthy()
  expect(screen.getByText('Write an amount in pesos, like 2,500 or 2500.50.')).toBeTruthy()
  expect(document.activeElement).toBe(screen.getByLabelText('Name'))
  expect(screen.getByLabelText('Estimate (₱)').getAttribute('aria-invalid')).toBe('true')
  expect((screen.getByLabelText('Estimate (₱)') as HTMLInputElement).value).toBe('mga isang daan')
  expect(api.saveBudgetLine).not.toHaveBeenCalled()
})

const catering = {
  id: 'l1',
  name: "Josephine's Catering",
  priceCentavos: 19_096_000,
  payments: [],
} as unknown as Parameters<typeof PaymentDrawer>[0]['line']

test('a percentage out of range is said on the percentage, which takes the focus; another way of paying starts clean', async () => {
  render(
    <PaymentDrawer
      weddingId="w1"
      line={catering}
      payment={null}
      onClose={() => {}}
      onSaved={() => {}}
    />,
  )
  // A line's first payment: a down payment, as a percentage of the price.
  expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('down_payment')
  expect(
    (screen.getByRole('radio', { name: 'Percentage of the price' }) as HTMLInputElement).checked,
  ).toBe(true)
  fireEvent.change(screen.getByLabelText('Percentage (%)'), { target: { value: '150' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save payment' }))
  expect(await screen.findByText('Write a percentage from 0.01 to 100, like 50.')).toBeTruthy()
  expect(document.activeElement).toBe(screen.getByLabelText('Percentage (%)'))
  expect(api.saveBudgetPayment).not.toHaveBeenCalled()
  fireEvent.click(screen.getByRole('radio', { name: 'Amount' }))
  await waitFor(() =>
    expect(screen.queryByText('Write a percentage from 0.01 to 100, like 50.')).toBeNull(),
  )
  fireEvent.click(screen.getByRole('button', { name: 'Save payment' }))
  expect(await screen.findByText('Write an amount in pesos, like 50,000.')).toBeTruthy()
  expect(api.saveBudgetPayment).not.toHaveBeenCalled()
})

test('a payment whose save is refused keeps everything typed, says why, and saves on the next try', async () => {
  api.saveBudgetPayment.mockRejectedValueOnce(new BackendError('budget_payment_not_found', 'P0001'))
  const onSaved = vi.fn()
  render(
    <PaymentDrawer
      weddingId="w1"
      line={catering}
      payment={null}
      onClose={() => {}}
      onSaved={onSaved}
    />,
  )
  fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'balance' } })
  fireEvent.click(screen.getByRole('radio', { name: 'Amount' }))
  fireEvent.change(screen.getByLabelText('Amount (₱)'), { target: { value: '95,480' } })
  fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-12-01' } })
  fireEvent.click(screen.getByRole('checkbox', { name: 'Paid' }))
  fireEvent.change(screen.getByLabelText('Date paid'), { target: { value: '2026-11-28' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save payment' }))
  expect(
    await screen.findByText('That payment was deleted. The budget has been read again.'),
  ).toBeTruthy()
  expect(onSaved).not.toHaveBeenCalled()
  expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('balance')
  expect((screen.getByLabelText('Amount (₱)') as HTMLInputElement).value).toBe('95,480')
  expect((screen.getByLabelText('Due date') as HTMLInputElement).value).toBe('2026-12-01')
  expect((screen.getByLabelText('Date paid') as HTMLInputElement).value).toBe('2026-11-28')

  fireEvent.click(screen.getByRole('button', { name: 'Save payment' }))
  await waitFor(() => expect(onSaved).toHaveBeenCalled())
  expect(api.saveBudgetPayment).toHaveBeenLastCalledWith('w1', null, {
    lineId: 'l1',
    kind: 'balance',
    amountCentavos: 9_548_000,
    percent: null,
    dueOn: '2026-12-01',
    paid: true,
    paidOn: '2026-11-28',
  })
})
