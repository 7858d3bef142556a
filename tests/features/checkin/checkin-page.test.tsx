// @vitest-environment jsdom
// The door screen against a mocked API: a household added on the day is found after the list is
// read again (never "not on the list" first), and a scanned household is announced.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { tokenKey } from '@/features/checkin/checkin-model'
import type { Wedding } from '@/lib/api'
import type { CheckinRoster } from '@/lib/api/checkin'
import enCheckin from '@/locales/en/checkin.json'
import enCommon from '@/locales/en/common.json'

const api = vi.hoisted(() => ({
  getCheckinRoster: vi.fn(),
  getCheckinChanges: vi.fn(),
  recordCheckins: vi.fn(),
}))
vi.mock('@/lib/api/checkin', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))
// The camera is not part of this test: the drawer hands over a code's text at a tap.
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv'
vi.mock('@/features/checkin/components/scan-drawer', () => ({
  ScanDrawer: ({ onText }: { onText(text: string): void }) => (
    <button type="button" onClick={() => onText(`https://kasalan.ph/i/${TOKEN}`)}>
      Read the code
    </button>
  ),
}))
vi.mock('@/features/checkin/scanner', () => ({ prefetchScanner: () => undefined }))

const { CheckinPage } = await import('@/features/checkin/routes/checkin-page')
const { useSessionStore } = await import('@/lib/session')

const wedding = {
  id: 'w1',
  slug: 'isabel-and-miguel',
  myRole: 'usher',
  bride: { firstName: 'Isabel', lastName: 'Cruz' },
  groom: { firstName: 'Miguel', lastName: 'Santos' },
} as unknown as Wedding

const household = (id: string, lastName: string, key: string) => ({
  id,
  side: 'bride' as const,
  tokenKey: key,
  persons: [
    {
      id: `${id}-p`,
      firstName: 'Ana',
      lastName,
      type: 'adult' as const,
      attending: true,
      tableId: 't1',
      seat: 1,
    },
  ],
})
const roster = (households: CheckinRoster['households']): CheckinRoster => ({
  version: 1,
  households,
  tables: [{ id: 't1', name: 'Mesa 1', seats: 8, seated: households.length }],
  arrivals: [],
  walkIns: [],
})

const i18n = createInstance()
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common', 'checkin'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, checkin: enCheckin } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

beforeEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
  api.getCheckinRoster.mockReset()
  api.getCheckinChanges.mockResolvedValue({ version: 1, arrivals: [], walkIns: [] })
  useSessionStore.setState({ status: 'signedIn', wedding, weddingStatus: 'ready' } as never)
})

/** The list on the screen was read a minute ago (a list read seconds ago is not asked for again). */
function aMinuteLater() {
  const now = Date.now()
  vi.spyOn(Date, 'now').mockReturnValue(now + 60_000)
}

function renderPage() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <CheckinPage />
      </MemoryRouter>
    </I18nextProvider>,
  )
}

describe('a household added on the day', () => {
  test('a name not found is looked up in the list read again before "not on the list"', async () => {
    api.getCheckinRoster.mockResolvedValueOnce(roster([household('h1', 'Santos', 'k1')]))
    api.getCheckinRoster.mockResolvedValue(
      roster([household('h1', 'Santos', 'k1'), household('h2', 'Villanueva', 'k2')]),
    )
    renderPage()
    const search = await screen.findByRole('searchbox', { name: 'Find a guest' })
    aMinuteLater()
    fireEvent.change(search, { target: { value: 'Villa' } })
    expect(await screen.findByRole('heading', { name: 'Villanueva' })).toBeInTheDocument()
    expect(screen.queryByText(enCheckin.search.notOnList)).toBeNull()
    expect(api.getCheckinRoster).toHaveBeenCalledTimes(2)
  })

  test('a name on neither list is said not to be on it', async () => {
    api.getCheckinRoster.mockResolvedValue(roster([household('h1', 'Santos', 'k1')]))
    renderPage()
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Find a guest' }), {
      target: { value: 'Zz' },
    })
    expect(await screen.findByText(enCheckin.search.notOnList)).toBeInTheDocument()
  })

  test('a scanned invitation added on the day is found, and the household is announced', async () => {
    const key = await tokenKey(TOKEN)
    api.getCheckinRoster.mockResolvedValueOnce(roster([household('h1', 'Santos', 'k1')]))
    api.getCheckinRoster.mockResolvedValue(
      roster([household('h1', 'Santos', 'k1'), household('h2', 'Villanueva', key)]),
    )
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: enCheckin.scan.open }))
    aMinuteLater()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Read the code' }))
    })
    expect(await screen.findByRole('heading', { name: 'Villanueva' })).toBeInTheDocument()
    expect(await screen.findByText('Found Villanueva.')).toBeInTheDocument()
  })

  test('a reload offline on hosted Supabase, which cannot load the wedding, opens the door this phone kept', async () => {
    // The door was shown once online: its list and the wedding it belongs to are kept.
    api.getCheckinRoster.mockResolvedValue(roster([household('h1', 'Santos', 'k1')]))
    const online = renderPage()
    await screen.findByRole('searchbox', { name: 'Find a guest' })
    online.unmount()
    expect(localStorage.getItem('kasalan.checkin.last')).toBe('w1')

    // The reload: no wedding (the request failed on the network), and no signal for the list either.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    useSessionStore.setState({
      wedding: null,
      weddingStatus: 'error',
      weddingError: new TypeError('Failed to fetch'),
    } as never)
    renderPage()
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Find a guest' }), {
      target: { value: 'San' },
    })
    expect(await screen.findByRole('heading', { name: 'Santos' })).toBeInTheDocument()
    expect(api.getCheckinRoster).toHaveBeenCalledTimes(1)
  })

  test('a wedding that fails to load for another reason, or with no door kept, says so', async () => {
    useSessionStore.setState({
      wedding: null,
      weddingStatus: 'error',
      weddingError: new TypeError('Failed to fetch'),
    } as never)
    renderPage()
    expect(await screen.findByRole('button', { name: enCommon.actions.retry })).toBeInTheDocument()
  })
})
