// @vitest-environment jsdom
// The seating screen without its canvas: the guest panel, the table list (the keyboard's way to
// seat people), the toolbar, undo/redo, the save status and the table menu.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { SeatingScreen } from '@/features/seating/components/seating-screen'
import { TableMenu } from '@/features/seating/components/table-menu'
import { addTable, emptyLayout, type SeatingLayout } from '@/features/seating/model'
import { AUTOSAVE_DELAY_MS, useSeatingStore } from '@/features/seating/seating-store'
import type { Household, SeatingLayoutRecord, Wedding } from '@/lib/api'
import { useGuestListStore } from '@/lib/guest-list'
import enCommon from '@/locales/en/common.json'
import enSeating from '@/locales/en/seating.json'

const api = vi.hoisted(() => ({
  listHouseholds: vi.fn(),
  getSeatingLayout: vi.fn(),
  saveSeatingLayout: vi.fn(),
}))
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }))
// Konva needs a real canvas; the chart itself is covered by the browser tests.
vi.mock('@/features/seating/components/seating-canvas', () => ({
  default: () => <div data-testid="canvas-stub" />,
  SeatingCanvas: () => <div data-testid="canvas-stub" />,
}))

// Many clicks and keystrokes per test: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

const WEDDING = 'w-1'
const wedding = {
  id: WEDDING,
  slug: 'isabel-and-miguel',
  title: 'Isabel & Miguel',
  bride: { firstName: 'Isabel' },
  groom: { firstName: 'Miguel' },
} as unknown as Wedding
const initialState = useSeatingStore.getState()
const initialList = useGuestListStore.getState()

function household(
  id: string,
  names: Array<
    [string, string, Partial<{ type: 'adult' | 'child'; isAttending: boolean | null }>?]
  >,
): Household {
  return {
    id,
    weddingId: WEDDING,
    userId: 'couple',
    createdAt: '2026-01-01T00:00:00Z',
    email: null,
    phone: null,
    address: { address1: null, address2: null, city: null, state: null, zip: null, country: null },
    relationshipSide: null,
    relationshipType: null,
    notes: null,
    persons: names.map(([firstName, lastName, extra], index) => ({
      id: `${id}-p${index + 1}`,
      householdId: id,
      firstName,
      lastName,
      type: extra?.type ?? 'adult',
      title: null,
      suffix: null,
      notes: null,
      isAttending: extra?.isAttending ?? null,
      response: [],
      respondedAt: null,
      position: index,
    })),
  }
}

const households = [
  household('g-santos', [
    ['Ramon', 'Santos'],
    ['Lourdes', 'Santos'],
    ['Paolo', 'Santos', { type: 'child' }],
  ]),
  household('g-pena', [['Niña', 'Peña', { isAttending: true }]]),
  household('g-reyes', [
    ['Tito', 'Reyes', { isAttending: false }],
    ['Liza', 'Reyes'],
  ]),
]

beforeAll(async () => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common', 'seating'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, seating: enSeating } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

async function openScreen(layout: SeatingLayout = emptyLayout) {
  api.getSeatingLayout.mockResolvedValue({
    weddingId: WEDDING,
    layout: JSON.parse(JSON.stringify(layout)),
    updatedAt: null,
  })
  await act(() => useSeatingStore.getState().load(WEDDING))
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime })
  render(
    <MemoryRouter>
      <SeatingScreen wedding={wedding} />
    </MemoryRouter>,
  )
  return user
}

beforeEach(() => {
  // jsdom lays nothing out; the guest panel renders the lines that fit its scrolling box, as a browser would.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('overflow-y-auto') ? 600 : 0
  })
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.hasAttribute('data-index') ? 34 : 0
  })
  vi.useFakeTimers({ shouldAdvanceTime: true })
  localStorage.clear()
  useSeatingStore.setState(initialState, true)
  useGuestListStore.setState(initialList, true)
  api.listHouseholds.mockResolvedValue(households)
  api.saveSeatingLayout.mockImplementation(async (_w: string, layout: SeatingLayoutRecord) => ({
    weddingId: WEDDING,
    layout,
    updatedAt: '2026-03-01T00:00:00Z',
  }))
})

afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
  vi.restoreAllMocks()
})

const guests = () => screen.getByRole('region', { name: 'Guests' })
const tables = () => screen.getByRole('region', { name: 'Tables and seats' })

describe('adding tables', () => {
  test('a new table has 8 seats unless a valid count is given', async () => {
    const user = await openScreen()
    expect(within(tables()).getByText('Your tables will be listed here.')).toBeInTheDocument()
    await user.clear(screen.getByRole('spinbutton', { name: 'Seats' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Seats' }), '0')
    await user.click(screen.getByRole('button', { name: 'Add table' }))
    const first = within(tables()).getByRole('listitem', { name: 'Table 1' })
    expect(
      within(first).getAllByRole('button', { name: /^Table 1, seat \d+: free$/ }),
    ).toHaveLength(8)
    expect(screen.getByRole('spinbutton', { name: 'Seats' })).toHaveValue(8)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Table type' }), '2-sided')
    await user.clear(screen.getByRole('spinbutton', { name: 'Seats' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Seats' }), '12')
    await user.click(screen.getByRole('button', { name: 'Add table' }))
    const second = within(tables()).getByRole('listitem', { name: 'Table 2' })
    expect(within(second).getAllByRole('button', { name: /free$/ })).toHaveLength(12)
    expect(useSeatingStore.getState().history.present.tables.map((table) => table.type)).toEqual([
      'round',
      '2-sided',
    ])
  })
})

describe('seating by keyboard', () => {
  test('choose a person, then a seat; the counts follow; undo and redo from the keyboard', async () => {
    const user = await openScreen(addTable(emptyLayout, { name: 'Table 1', seatCount: 4 }))
    expect(within(guests()).getByTestId('seated-count')).toHaveTextContent('0')
    expect(within(guests()).getByTestId('unseated-count')).toHaveTextContent('5')

    // The panel is one tab stop: the arrow keys move through households and persons inside it.
    const listbox = within(guests()).getByRole('listbox', {
      name: 'Guests without a seat, by household',
    })
    listbox.focus()
    expect(listbox).toHaveAttribute(
      'aria-activedescendant',
      within(guests()).getByRole('option', { name: /^Ramon Santos’s household/ }).id,
    )
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    expect(listbox).toHaveAttribute(
      'aria-activedescendant',
      within(guests()).getByRole('option', { name: 'Ramon Santos' }).id,
    )
    await user.keyboard('{End}')
    expect(listbox).toHaveAttribute(
      'aria-activedescendant',
      within(guests()).getAllByRole('option').at(-1)!.id,
    )
    await user.keyboard('{Home}{ArrowDown}{Enter}')
    expect(within(guests()).getByRole('option', { name: 'Ramon Santos' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(screen.getAllByText('Choose a seat for Ramon Santos.').length).toBeGreaterThan(0)
    screen.getByRole('button', { name: 'Table 1, seat 2: free' }).focus()
    await user.keyboard('{Enter}')

    expect(
      screen.getByRole('button', { name: 'Table 1, seat 2: Ramon Santos' }),
    ).toBeInTheDocument()
    expect(within(guests()).queryByRole('option', { name: 'Ramon Santos' })).not.toBeInTheDocument()
    expect(within(guests()).getByTestId('seated-count')).toHaveTextContent('1')
    expect(within(guests()).getByTestId('unseated-count')).toHaveTextContent('4')
    expect(useSeatingStore.getState().history.present.seats[1]).toMatchObject({
      personId: 'g-santos-p1',
      householdId: 'g-santos',
    })
    expect(screen.getByText('Ramon Santos is seated at Table 1, seat 2.')).toBeInTheDocument()

    document.body.focus()
    await user.keyboard('{Control>}z{/Control}')
    expect(screen.getByRole('button', { name: 'Table 1, seat 2: free' })).toBeInTheDocument()
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
    expect(
      screen.getByRole('button', { name: 'Table 1, seat 2: Ramon Santos' }),
    ).toBeInTheDocument()
    await user.keyboard('{Meta>}z{/Meta}')
    expect(screen.getByRole('button', { name: 'Table 1, seat 2: free' })).toBeInTheDocument()
  })

  test('a whole household sits together; a seated person moves by choosing their seat, then another', async () => {
    const user = await openScreen(addTable(emptyLayout, { name: 'Table 1', seatCount: 4 }))
    await user.click(
      within(guests()).getByRole('option', { name: 'Ramon Santos’s household Seat all 3' }),
    )
    await user.click(screen.getByRole('button', { name: 'Table 1, seat 2: free' }))
    expect(
      screen.getByRole('button', { name: 'Table 1, seat 2: Ramon Santos' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Table 1, seat 3: Lourdes Santos' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Table 1, seat 4: Paolo Santos' }),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Table 1, seat 4: Paolo Santos' }))
    expect(screen.getAllByText('Choose a new seat for Paolo Santos.').length).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: 'Table 1, seat 1: free' }))
    expect(
      screen.getByRole('button', { name: 'Table 1, seat 1: Paolo Santos' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Table 1, seat 4: free' })).toBeInTheDocument()

    // Onto a taken seat: the two trade places.
    await user.click(screen.getByRole('button', { name: 'Table 1, seat 1: Paolo Santos' }))
    await user.click(screen.getByRole('button', { name: 'Table 1, seat 2: Ramon Santos' }))
    expect(
      screen.getByRole('button', { name: 'Table 1, seat 2: Paolo Santos' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Table 1, seat 1: Ramon Santos' }),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Take Ramon Santos off this seat' }))
    expect(within(guests()).getByRole('option', { name: 'Ramon Santos' })).toBeInTheDocument()
    expect(screen.getByText('Ramon Santos is back on the guest list.')).toBeInTheDocument()
  })

  test('Escape puts the chosen person back', async () => {
    const user = await openScreen(addTable(emptyLayout, { name: 'Table 1', seatCount: 2 }))
    await user.click(within(guests()).getByRole('option', { name: 'Ramon Santos' }))
    await user.keyboard('{Escape}')
    expect(within(guests()).getByRole('option', { name: 'Ramon Santos' })).toHaveAttribute(
      'aria-selected',
      'false',
    )
    await user.click(screen.getByRole('button', { name: 'Table 1, seat 1: free' }))
    expect(
      useSeatingStore.getState().history.present.seats.every((seat) => seat.personId === null),
    ).toBe(true)
  })
})

describe('the guest panel', () => {
  test('groups by household, marks children, and finds names without accents', async () => {
    const user = await openScreen()
    expect(
      within(guests()).getByRole('option', { name: 'Ramon Santos’s household Seat all 3' }),
    ).toBeInTheDocument()
    expect(
      within(guests()).getByRole('option', { name: /Paolo Santos.*Child/ }),
    ).toBeInTheDocument()
    await user.type(within(guests()).getByRole('searchbox', { name: 'Search guests' }), 'pena')
    expect(within(guests()).getByRole('option', { name: /Niña Peña/ })).toBeInTheDocument()
    expect(within(guests()).queryByRole('option', { name: 'Ramon Santos' })).not.toBeInTheDocument()
    await user.clear(within(guests()).getByRole('searchbox', { name: 'Search guests' }))
    await user.type(within(guests()).getByRole('searchbox', { name: 'Search guests' }), 'zzz')
    expect(within(guests()).getByText('No one without a seat matches “zzz”.')).toBeInTheDocument()
  })
})

describe('a long guest list', () => {
  test('renders only the lines in view, counts with separators, and the arrow keys reach the last guest', async () => {
    const many = Array.from({ length: 600 }, (_, index) =>
      household(`g-${index}`, [
        [`Ana${index}`, 'Cruz'],
        [`Ben${index}`, 'Cruz'],
      ]),
    )
    api.listHouseholds.mockResolvedValue(many)
    const user = await openScreen()
    expect(within(guests()).getByText('1,200 guests')).toBeInTheDocument()
    expect(within(guests()).getByTestId('unseated-count')).toHaveTextContent('1,200')
    const listbox = within(guests()).getByRole('listbox', {
      name: 'Guests without a seat, by household',
    })
    expect(within(listbox).getAllByRole('option').length).toBeLessThan(60)
    listbox.focus()
    await user.keyboard('{End}')
    // The browser test sees the line scrolled into view; jsdom does not scroll.
    expect(listbox).toHaveAttribute('aria-activedescendant', `${listbox.id}-p:g-599-p2`)
    expect(within(listbox).getAllByRole('option').length).toBeLessThan(60)
  })
})

describe('declined guests', () => {
  test('are not offered a seat nor counted as not seated: they are listed apart', async () => {
    const user = await openScreen(addTable(emptyLayout, { name: 'Table 1', seatCount: 4 }))
    expect(within(guests()).getByTestId('unseated-count')).toHaveTextContent('5')
    expect(within(guests()).queryByRole('option', { name: /Tito Reyes/ })).not.toBeInTheDocument()
    expect(within(guests()).getByRole('option', { name: 'Liza Reyes' })).toBeInTheDocument()
    await user.click(within(guests()).getByText('1 declined'))
    const declined = within(guests()).getByRole('list', { name: 'Declined, without a seat' })
    expect(within(declined).getByText('Tito Reyes')).toBeInTheDocument()
    expect(within(guests()).getByText('1 declined')).toBeInTheDocument()

    // Liza, who may come, is seated; Tito stays apart.
    await user.click(within(guests()).getByRole('option', { name: 'Liza Reyes' }))
    await user.click(screen.getByRole('button', { name: 'Table 1, seat 1: free' }))
    expect(within(guests()).getByTestId('unseated-count')).toHaveTextContent('4')
    expect(screen.getAllByRole('button', { name: /^Table 1, seat \d: free$/ })).toHaveLength(3)
    // Let the autosave run here, not in the next test.
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))
  })
})

describe('saving', () => {
  test('Saved, then Saving… while a change waits, then Saved', async () => {
    const user = await openScreen()
    expect(screen.getByText('Saved')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add table' }))
    expect(screen.getByText('Saving…')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))
    expect(screen.getByText('Saved')).toBeInTheDocument()
    expect(api.saveSeatingLayout).toHaveBeenCalledTimes(1)
  })

  test('a failed save says "Not saved — retry" and keeps the chart; retry saves it', async () => {
    const user = await openScreen()
    api.saveSeatingLayout.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await user.click(screen.getByRole('button', { name: 'Add table' }))
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))
    expect(screen.getByText('Not saved')).toBeInTheDocument()
    expect(screen.getByText(/We couldn't reach the server/)).toBeInTheDocument()
    expect(within(tables()).getByRole('listitem', { name: 'Table 1' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'retry' }))
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(screen.getByText('Saved')).toBeInTheDocument()
    expect(api.saveSeatingLayout).toHaveBeenCalledTimes(2)
  })
})

describe('the table menu', () => {
  async function openMenu(layout: SeatingLayout) {
    api.getSeatingLayout.mockResolvedValue({
      weddingId: WEDDING,
      layout: JSON.parse(JSON.stringify(layout)),
      updatedAt: null,
    })
    await act(() => useSeatingStore.getState().load(WEDDING))
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime })
    const table = () => useSeatingStore.getState().history.present.tables[0]!
    act(() => useSeatingStore.getState().selectTable(table().id))
    function Menu() {
      const present = useSeatingStore((state) => state.history.present)
      const selected = useSeatingStore((state) => state.selectedTableId)
      const shown = present.tables.find((t) => t.id === selected)
      return shown ? (
        <TableMenu
          key={shown.id}
          table={shown}
          seats={present.seats.filter((seat) => seat.tableId === shown.id)}
          view={{ scale: 1, x: 0, y: 0 }}
        />
      ) : null
    }
    render(<Menu />)
    return { user, table }
  }

  test('rename: an empty name is ignored', async () => {
    const { user, table } = await openMenu(addTable(emptyLayout, { name: 'Table 1' }))
    const menu = screen.getByRole('dialog', { name: 'Table 1' })
    const name = within(menu).getByRole('textbox', { name: 'Table name' })
    await user.clear(name)
    await user.keyboard('{Enter}')
    expect(table().name).toBe('Table 1')
    expect(name).toHaveValue('Table 1')
    await user.clear(name)
    await user.type(name, 'Ninong at Ninang{Enter}')
    expect(table().name).toBe('Ninong at Ninang')
  })

  test('seats and type', async () => {
    const { user, table } = await openMenu(addTable(emptyLayout, { name: 'Table 1' }))
    const menu = screen.getByRole('dialog', { name: 'Table 1' })
    await user.click(within(menu).getByRole('button', { name: 'One more seat' }))
    expect(useSeatingStore.getState().history.present.seats).toHaveLength(9)
    const seats = within(menu).getByRole('spinbutton', { name: 'Seats' })
    await user.clear(seats)
    await user.type(seats, '0{Enter}')
    expect(useSeatingStore.getState().history.present.seats).toHaveLength(9)
    await user.clear(seats)
    await user.type(seats, '6{Enter}')
    expect(useSeatingStore.getState().history.present.seats).toHaveLength(6)
    await user.click(within(menu).getByRole('radio', { name: '4-sided' }))
    expect(table().type).toBe('4-sided')
  })

  test('duplicate opens the copy; delete asks "Delete this table?" first', async () => {
    const { user } = await openMenu(addTable(emptyLayout, { name: 'Table 1' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Table 1' })).getByRole('button', {
        name: 'Duplicate',
      }),
    )
    const copy = screen.getByRole('dialog', { name: 'Table 1 (copy)' })
    const [original, duplicate] = useSeatingStore.getState().history.present.tables
    expect(duplicate).toMatchObject({
      x: original!.x + 40,
      y: original!.y + 40,
      type: original!.type,
    })

    await user.click(within(copy).getByRole('button', { name: 'Delete' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this table?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(useSeatingStore.getState().history.present.tables).toHaveLength(2)
    await user.click(
      within(screen.getByRole('dialog', { name: 'Table 1 (copy)' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this table?' })).getByRole('button', {
        name: 'Delete table',
      }),
    )
    expect(useSeatingStore.getState().history.present.tables.map((t) => t.name)).toEqual([
      'Table 1',
    ])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
