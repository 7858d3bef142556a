// @vitest-environment jsdom
// The forecast page against a mocked API: coming back to the tab after another member saved the
// settings refreshes the figures and keeps what was typed and not yet saved; the assumptions form
// says a number out of bounds under its field and keeps what was typed when a save is refused.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import type { Wedding } from '@/lib/api'
import type { PaxForecast } from '@/lib/api/forecast'
import { BackendError } from '@/lib/backend'
import enCommon from '@/locales/en/common.json'
import enForecast from '@/locales/en/forecast.json'

const api = vi.hoisted(() => ({ getPaxForecast: vi.fn(), savePaxForecastSettings: vi.fn() }))
vi.mock('@/lib/api/forecast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))

const { ForecastPage } = await import('@/features/forecast/routes/forecast-page')
const { useSessionStore } = await import('@/lib/session')

const wedding = {
  id: 'w1',
  userId: 'u1',
  slug: 'isabel-and-miguel',
  title: 'Isabel & Miguel',
  bride: { firstName: 'Isabel', lastName: 'Dela Cruz' },
  groom: { firstName: 'Miguel', lastName: 'Santos' },
  date: '2027-12-12',
  theme: { name: 'classic' },
  isPublished: true,
  rsvpDeadline: null,
  rsvpQuestions: [],
  contact: { email: null, phone: null, names: null },
  sections: [],
  myRole: 'owner',
} as unknown as Wedding

const forecast = (settings: PaxForecast['settings']): PaxForecast => ({
  settings,
  households: { total: 5, answered: 1, pending: 4 },
  confirmed: { adults: 4, children: 1, total: 5 },
  declined: 1,
  pending: 7,
  noReply: 7,
  beyondSeats: 0,
  mayCome: 12,
  isPrivate: false,
  expectedFromPending: 6,
  noShows: 1,
  walkIns: settings.walkIns,
  low: 10,
  high: 15,
  questions: [],
})

const i18n = createInstance()
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common', 'forecast'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, forecast: enForecast } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

function renderPage() {
  useSessionStore.setState({ status: 'signedIn', wedding, weddingStatus: 'ready' } as never)
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ForecastPage />
      </MemoryRouter>
    </I18nextProvider>,
  )
}

async function returnToTab(walkIns: number) {
  await act(async () => {
    window.dispatchEvent(new Event('focus'))
  })
  await screen.findAllByText(new RegExp(`plus ${walkIns} walk-ins`))
}

const walkInsField = () => screen.getByLabelText<HTMLInputElement>(/^Walk-ins \(persons\)/)

describe('a refresh after another member saved the settings', () => {
  test('keeps the typed, unsaved value', async () => {
    api.getPaxForecast.mockResolvedValue(forecast({ expectedPct: 83, noShowPct: 15, walkIns: 4 }))
    renderPage()
    fireEvent.change(await screen.findByLabelText(/^Walk-ins \(persons\)/), {
      target: { value: '25' },
    })
    api.getPaxForecast.mockResolvedValue(forecast({ expectedPct: 80, noShowPct: 20, walkIns: 9 }))
    await returnToTab(9)
    expect(walkInsField().value).toBe('25')
  })

  test('an untouched form takes the saved settings', async () => {
    api.getPaxForecast.mockResolvedValue(forecast({ expectedPct: 83, noShowPct: 15, walkIns: 4 }))
    renderPage()
    expect((await screen.findByLabelText<HTMLInputElement>(/^Walk-ins \(persons\)/)).value).toBe(
      '4',
    )
    api.getPaxForecast.mockResolvedValue(forecast({ expectedPct: 80, noShowPct: 20, walkIns: 12 }))
    await returnToTab(12)
    expect(walkInsField().value).toBe('12')
  })
})

describe('the assumptions form', () => {
  const noShowField = () => screen.getByLabelText<HTMLInputElement>(/^No-show allowance/)

  test('a number out of bounds is said under its field, which takes the focus, and nothing is saved', async () => {
    api.getPaxForecast.mockResolvedValue(forecast({ expectedPct: 83, noShowPct: 15, walkIns: 4 }))
    api.savePaxForecastSettings.mockReset()
    renderPage()
    fireEvent.change(await screen.findByLabelText(/^No-show allowance/), {
      target: { value: '60' },
    })
    fireEvent.change(walkInsField(), { target: { value: '30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save assumptions' }))
    expect(await screen.findByText('Enter a whole number from 0 to 50.')).toBeTruthy()
    expect(noShowField().getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(noShowField())
    expect(noShowField().value).toBe('60')
    expect(walkInsField().value).toBe('30')
    expect(api.savePaxForecastSettings).not.toHaveBeenCalled()
  })

  test('a refused save keeps what was typed and says why', async () => {
    api.getPaxForecast.mockResolvedValue(forecast({ expectedPct: 83, noShowPct: 15, walkIns: 4 }))
    api.savePaxForecastSettings
      .mockReset()
      .mockRejectedValueOnce(new BackendError('wedding_not_found', 'P0001'))
    renderPage()
    fireEvent.change(await screen.findByLabelText(/^No-show allowance/), {
      target: { value: '20' },
    })
    fireEvent.change(walkInsField(), { target: { value: '30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save assumptions' }))
    expect(
      await screen.findByText(
        "We couldn't find this wedding. Your account may no longer have access to it.",
      ),
    ).toBeTruthy()
    expect(api.savePaxForecastSettings).toHaveBeenCalledWith('w1', {
      expectedPct: 83,
      noShowPct: 20,
      walkIns: 30,
    })
    expect(noShowField().value).toBe('20')
    expect(walkInsField().value).toBe('30')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save assumptions' })).toBeEnabled(),
    )
  })
})

describe('one number when the low and high ends agree', () => {
  test('the RSVPs tab’s card and the forecast page say "6 pax", not "6–6 pax"', async () => {
    const { ForecastCard } = await import('@/components/forecast-card')
    api.getPaxForecast.mockResolvedValue({
      ...forecast({ expectedPct: 100, noShowPct: 0, walkIns: 0 }),
      low: 6,
      high: 6,
    })
    const card = render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ForecastCard weddingId="w1" />
        </MemoryRouter>
      </I18nextProvider>,
    )
    expect(await card.findByTestId('forecast-card-range')).toHaveTextContent(/^6 pax$/)
    card.unmount()

    renderPage()
    expect(await screen.findAllByText('6 pax')).not.toHaveLength(0)
    expect(screen.queryByText(/6–6/)).toBeNull()
  })

  test('46–52 pax stays a range', async () => {
    const { ForecastCard } = await import('@/components/forecast-card')
    api.getPaxForecast.mockResolvedValue({
      ...forecast({ expectedPct: 83, noShowPct: 15, walkIns: 4 }),
      low: 46,
      high: 52,
    })
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ForecastCard weddingId="w1" />
        </MemoryRouter>
      </I18nextProvider>,
    )
    expect(await screen.findByTestId('forecast-card-range')).toHaveTextContent(/^46–52 pax$/)
  })
})
