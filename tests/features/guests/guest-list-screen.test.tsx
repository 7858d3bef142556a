import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { GuestListScreen } from '@/features/guests/components/guest-list-screen'
import { useGuestsStore } from '@/features/guests/guests-store'
import { noFilters } from '@/features/guests/model/guest-list'
import type { Household, HouseholdInput, Wedding } from '@/lib/api'
import type * as CsvModule from '@/lib/csv'
import { BackendError } from '@/lib/backend'
import { useGuestListStore } from '@/lib/guest-list'
import { useSessionStore } from '@/lib/session'
import enCommon from '@/locales/en/common.json'
import enGuests from '@/locales/en/guests.json'
import enInvitations from '@/locales/en/invitations.json'
import { household } from './fixtures'

// These walk through whole screens with real typing: give a busy machine time.
vi.setConfig({ testTimeout: 30_000 })

const api = vi.hoisted(() => ({
  listHouseholds: vi.fn(),
  saveHousehold: vi.fn(),
  deleteHousehold: vi.fn(),
  importHouseholds: vi.fn(),
  listNicknames: vi.fn(),
  saveNicknames: vi.fn(),
}))
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }))
const invitationsApi = vi.hoisted(() => ({ listInvitationStates: vi.fn() }))
vi.mock('@/lib/api/invitations', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...invitationsApi,
}))

const csv = vi.hoisted(() => ({ downloadFile: vi.fn(), failNext: false }))
vi.mock('@/lib/csv', async (importOriginal) => {
  const original = await importOriginal<typeof CsvModule>()
  return {
    ...original,
    downloadFile: csv.downloadFile,
    toCsv: vi.fn((rows: Parameters<typeof original.toCsv>[0]) => {
      if (csv.failNext) return Promise.reject(new Error('papaparse did not load'))
      return original.toCsv(rows)
    }),
  }
})

const wedding = {
  id: 'wedding-1',
  slug: 'isabel-and-miguel',
  title: 'Isabel & Miguel',
  rsvpQuestions: [{ id: 'meal', question: 'Anong ulam?', kind: 'text' }],
} as unknown as Wedding

let households: Household[]

beforeAll(async () => {
  // jsdom has no scrolling; the virtualised list asks for it.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common', 'guests', 'invitations'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, guests: enGuests, invitations: enInvitations } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

const initialList = useGuestListStore.getState()

beforeEach(() => {
  households = [
    household({
      email: 'ramon@example.com',
      phone: '+63 917 555 0101',
      relationshipSide: 'groom',
      relationshipType: 'family',
      persons: [
        {
          firstName: 'Ramon',
          lastName: 'Santos',
          isAttending: true,
          response: [{ question: 'Anong ulam?', answer: 'Kare-kare' }],
        },
        { firstName: 'Paolo', lastName: 'Santos', type: 'child' },
      ],
    }),
    household({
      relationshipSide: 'bride',
      relationshipType: 'friend',
      persons: [{ firstName: 'Niña', lastName: 'Peña' }],
    }),
  ]
  api.listHouseholds.mockImplementation(async () => households)
  invitationsApi.listInvitationStates.mockReset()
  invitationsApi.listInvitationStates.mockResolvedValue([])
  api.saveHousehold.mockImplementation(async (_wedding: string, input: HouseholdInput) => {
    const saved = household({
      ...(input.id ? { id: input.id } : {}),
      email: input.email,
      phone: input.phone,
      relationshipSide: input.relationshipSide,
      relationshipType: input.relationshipType,
      persons: input.persons.map((p) => ({ ...p, ...(p.id ? { id: p.id } : {}) })),
    })
    households = input.id
      ? households.map((h) => (h.id === input.id ? saved : h))
      : [...households, saved]
    return saved
  })
  api.deleteHousehold.mockImplementation(async (id: string) => {
    households = households.filter((h) => h.id !== id)
  })
  api.importHouseholds.mockImplementation(async (_wedding: string, input: HouseholdInput[]) => ({
    households: input.length,
    persons: input.reduce((sum, h) => sum + h.persons.length, 0),
    householdIds: [],
  }))
  csv.failNext = false
  useGuestListStore.setState(initialList, true)
  useGuestsStore.setState({
    weddingId: null,
    households: [],
    searchIndex: [],
    invitations: new Map(),
    status: 'idle',
    error: null,
    syncError: null,
    filters: noFilters,
  })
})

afterEach(() => vi.clearAllMocks())

async function renderScreen() {
  const user = userEvent.setup()
  render(<GuestListScreen wedding={wedding} />)
  await screen.findByRole('table', { name: 'Households' })
  return user
}

function rowOf(name: string) {
  return screen.getAllByRole('row').find((row) => within(row).queryByText(name))!
}

describe('the list', () => {
  test('shows the counts, every person of each household and the actions', async () => {
    await renderScreen()
    const guests = screen.getByRole('region', { name: 'Guests' })
    expect(within(guests).getByText('3')).toBeInTheDocument()
    expect(within(guests).getByText('in 2 households')).toBeInTheDocument()
    const sides = screen.getByRole('region', { name: 'By side' })
    expect(within(sides).getByText("People, counted by their household's side")).toBeInTheDocument()

    const santos = rowOf('Ramon Santos')
    expect(within(santos).getByText('Paolo Santos')).toBeInTheDocument()
    expect(within(santos).getByText('Child')).toBeInTheDocument()
    expect(within(santos).getByText('ramon@example.com')).toBeInTheDocument()
    const rsvp = within(santos).getByRole('link', {
      name: /Open the RSVP page of Ramon Santos and 1 other/,
    })
    expect(rsvp).toHaveAttribute(
      'href',
      `/wedding/isabel-and-miguel/rsvp/${households[0]!.id}/${households[0]!.persons[0]!.id}`,
    )
    expect(rsvp).toHaveAttribute('target', '_blank')
  })

  test('a new couple sees an invitation to add or import, not an empty table', async () => {
    households = []
    const user = userEvent.setup()
    render(<GuestListScreen wedding={wedding} />)
    expect(
      await screen.findByRole('heading', { name: 'Start your guest list' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Import a spreadsheet' }))
    expect(await screen.findByRole('tab', { name: 'Import', selected: true })).toBeInTheDocument()
  })

  test('search is accent- and case-insensitive', async () => {
    const user = await renderScreen()
    await user.type(screen.getByRole('searchbox', { name: 'Search guests' }), 'NINA PENA')
    await waitFor(() => expect(screen.queryByText('Ramon Santos')).not.toBeInTheDocument())
    expect(screen.getByText('Niña Peña')).toBeInTheDocument()
    expect(screen.getByText('Showing 1 of 2 households')).toBeInTheDocument()
  })

  test('the filter dropdown has the spec’s labels and filters by relation and missing data', async () => {
    const user = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const menu = await screen.findByRole('menu')
    for (const label of [
      "groom's Family",
      "bride's Family",
      'Friends',
      'Family Friends',
      'Others',
      'Common Friends',
    ]) {
      expect(within(menu).getByRole('menuitemradio', { name: label })).toBeInTheDocument()
    }
    for (const label of ['Address', 'Email', 'Phone'])
      expect(within(menu).getByRole('menuitemcheckbox', { name: label })).toBeInTheDocument()
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Friends' }))
    await waitFor(() => expect(screen.queryByText('Ramon Santos')).not.toBeInTheDocument())
    expect(screen.getByText('Niña Peña')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /Filter/ }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'All guests' }))
    await user.click(screen.getByRole('button', { name: /Filter/ }))
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Email' }))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByText('Ramon Santos')).not.toBeInTheDocument())
    expect(screen.getByText('Missing email')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('Ramon Santos')).toBeInTheDocument()
  })

  test('shows each household’s invitation state in a column, read once with the list, and filters by it', async () => {
    // Only the households past "not invited" come back; the others are not invited.
    invitationsApi.listInvitationStates.mockResolvedValue([
      {
        householdId: households[0]!.id,
        state: 'opened',
        invitedAt: '2027-01-01T00:00:00Z',
        invitedVia: 'sms',
        openedAt: '2027-01-02T00:00:00Z',
      },
    ])
    const user = await renderScreen()
    expect(invitationsApi.listInvitationStates).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('columnheader', { name: 'Invitation' })).toBeInTheDocument()
    expect(within(rowOf('Ramon Santos')).getByTestId('invitation-state')).toHaveTextContent(
      'Opened',
    )
    expect(within(rowOf('Niña Peña')).getByTestId('invitation-state')).toHaveTextContent(
      'Not invited',
    )

    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'Not invited' }))
    await waitFor(() => expect(screen.queryByText('Ramon Santos')).not.toBeInTheDocument())
    expect(screen.getByText('Niña Peña')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove filter: Not invited' }))
    expect(await screen.findByText('Ramon Santos')).toBeInTheDocument()
  })

  test('deletes a household only after confirming, without reading the whole list again', async () => {
    const user = await renderScreen()
    await user.click(within(rowOf('Niña Peña')).getByRole('button', { name: 'Delete Niña Peña' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this household?' })
    expect(api.deleteHousehold).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Delete household' }))
    await waitFor(() => expect(screen.queryByText('Niña Peña')).not.toBeInTheDocument())
    expect(api.deleteHousehold).toHaveBeenCalledWith(expect.any(String))
    expect(screen.getByText('Deleted the household of Niña Peña.')).toBeInTheDocument()
    expect(api.listHouseholds).toHaveBeenCalledTimes(1)
  })

  test('a CSV that cannot be built says "Failed to generate CSV"', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = await renderScreen()
    csv.failNext = true
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to generate CSV')
    expect(csv.downloadFile).not.toHaveBeenCalled()
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })

  test('downloads guests-YYYY-MM-DD.csv with one row per person', async () => {
    const user = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(csv.downloadFile).toHaveBeenCalledTimes(1))
    const [name, text] = csv.downloadFile.mock.calls[0] as [string, string]
    expect(name).toMatch(/^guests-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text.slice(1).trim().split('\r\n')).toEqual([
      'Last Name,First Name,Contact Number,RSVP Status,Relation,Adult/Child,Anong ulam?,Household,Seats Reserved',
      "Santos,Ramon,'+63 917 555 0101,Accepted,groom's Family,Adult,Kare-kare,1,",
      "Santos,Paolo,'+63 917 555 0101,Pending,groom's Family,Child,,1,",
      "Peña,Niña,,Pending,bride's Friends,Adult,,2,",
    ])
  })
})

describe('the Add Guest drawer', () => {
  async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Add Guest' }))
    return screen.findByRole('dialog', { name: 'Add Guest' })
  }

  test('every field stops at the database’s limit and says so', async () => {
    const user = await renderScreen()
    const drawer = await openDrawer(user)
    const limits: Array<[string, number]> = [
      ['Title', 50],
      ['First name', 100],
      ['Last name', 100],
      ['Suffix', 20],
      ['E-mail', 254],
      ['Phone', 50],
      ['Address line 1', 200],
      ['Address line 2', 200],
      ['City or municipality', 100],
      ['Province or state', 100],
      ['ZIP code', 20],
      ['Country', 100],
      ['Notes', 2000],
    ]
    for (const [label, max] of limits)
      expect(within(drawer).getByLabelText(label), label).toHaveAttribute('maxlength', String(max))
    const lastName = within(drawer).getByLabelText('Last name')
    await user.click(lastName)
    await user.paste('x'.repeat(120))
    expect(lastName).toHaveValue('x'.repeat(100))
    expect(within(drawer).getByText('That’s the limit: up to 100 characters.')).toBeInTheDocument()
  })

  test('adds a household with a child: blanks saved as null, country Philippines, shown from what the save returned', async () => {
    const user = await renderScreen()
    const drawer = await openDrawer(user)
    expect(
      within(drawer).getByRole('tab', { name: 'Manually', selected: true }),
    ).toBeInTheDocument()
    expect(within(drawer).getByLabelText('Country')).toHaveValue('Philippines')
    // The only adult can be neither removed nor made a child.
    expect(within(drawer).getByRole('button', { name: 'Remove Guest 1 · Adult' })).toBeDisabled()
    expect(within(drawer).getByRole('radio', { name: 'Child' })).toBeDisabled()

    await user.type(within(drawer).getByLabelText('First name'), 'Andres')
    await user.type(within(drawer).getByLabelText('Last name'), 'Villanueva')
    await user.click(within(drawer).getByRole('button', { name: 'Add child' }))
    const firstNames = within(drawer).getAllByLabelText('First name')
    expect(firstNames[1]).toHaveFocus()
    await user.type(firstNames[1]!, 'Lia')
    expect(within(drawer).getByRole('button', { name: 'Remove Guest 2 · Child' })).toBeEnabled()
    expect(within(drawer).getByRole('button', { name: 'Remove Guest 1 · Adult' })).toBeDisabled()
    // How guests may type his name on the site: the name he goes by, and her surname before marriage.
    await user.type(within(drawer).getAllByLabelText('Known as')[0]!, 'Andoy')
    await user.type(within(drawer).getAllByLabelText('Maiden surname')[1]!, 'Cruz')
    await user.selectOptions(within(drawer).getByLabelText('Whose guest'), 'groom')
    await user.click(within(drawer).getByRole('button', { name: 'Save & close' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.saveHousehold).toHaveBeenCalledWith('wedding-1', {
      email: null,
      phone: null,
      address: { address1: '', address2: '', city: '', state: '', zip: '', country: 'Philippines' },
      relationshipSide: 'groom',
      relationshipType: null,
      notes: null,
      seatCap: null,
      persons: [
        {
          firstName: 'Andres',
          lastName: 'Villanueva',
          type: 'adult',
          title: null,
          suffix: null,
          knownAs: 'Andoy',
          maidenName: null,
          notes: null,
        },
        {
          firstName: 'Lia',
          lastName: null,
          type: 'child',
          title: null,
          suffix: null,
          knownAs: null,
          maidenName: 'Cruz',
          notes: null,
        },
      ],
    })
    expect(await screen.findByText('Andres Villanueva')).toBeInTheDocument()
    expect(api.listHouseholds).toHaveBeenCalledTimes(1)
  })

  test('"Save & add another" stays open and starts a fresh household', async () => {
    const user = await renderScreen()
    const drawer = await openDrawer(user)
    await user.type(within(drawer).getByLabelText('First name'), 'Bea')
    await user.type(within(drawer).getByLabelText('E-mail'), 'bea@example.com')
    await user.click(within(drawer).getByRole('button', { name: 'Save & add another' }))
    expect(
      await within(drawer).findByText('Saved the household of Bea. Add the next one.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Add Guest' })).toBeInTheDocument()
    expect(within(drawer).getByLabelText('First name')).toHaveValue('')
    expect(within(drawer).getByLabelText('E-mail')).toHaveValue('')
    // The form moves focus once it has reset (on the next task).
    await waitFor(() => expect(within(drawer).getByLabelText('First name')).toHaveFocus())
  })

  test('needs a first name and a valid e-mail before saving', async () => {
    const user = await renderScreen()
    const drawer = await openDrawer(user)
    await user.type(within(drawer).getByLabelText('E-mail'), 'not an email')
    await user.click(within(drawer).getByRole('button', { name: 'Save & close' }))
    expect(await within(drawer).findByText('First name is required.')).toBeInTheDocument()
    expect(within(drawer).getByText('Enter a valid email.')).toBeInTheDocument()
    expect(api.saveHousehold).not.toHaveBeenCalled()
  })

  test('disables every input while saving, and a failed save keeps everything typed', async () => {
    let fail!: (error: unknown) => void
    api.saveHousehold.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
    const user = await renderScreen()
    const drawer = await openDrawer(user)
    await user.type(within(drawer).getByLabelText('First name'), 'Carmela')
    await user.type(within(drawer).getByLabelText('Phone'), '0917 111 2222')
    await user.click(within(drawer).getByRole('button', { name: 'Save & close' }))

    expect(within(drawer).getByLabelText('First name')).toBeDisabled()
    expect(within(drawer).getByLabelText('Phone')).toBeDisabled()
    expect(within(drawer).getByRole('button', { name: 'Saving…' })).toBeDisabled()

    fail(new BackendError('household_needs_adult', 'P0001'))
    expect(
      await within(drawer).findByText('A household needs at least one adult.'),
    ).toBeInTheDocument()
    expect(
      within(drawer).getByText("Nothing was lost, but this household isn't saved yet."),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Add Guest' })).toBeInTheDocument()
    expect(within(drawer).getByLabelText('First name')).toHaveValue('Carmela')
    expect(within(drawer).getByLabelText('Phone')).toHaveValue('0917 111 2222')
    expect(within(drawer).getByLabelText('First name')).toBeEnabled()
  })

  test('closing with unsaved typing asks first', async () => {
    const user = await renderScreen()
    const drawer = await openDrawer(user)
    await user.type(within(drawer).getByLabelText('First name'), 'Jun')
    await user.keyboard('{Escape}')
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard what you typed?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(
      within(screen.getByRole('dialog', { name: 'Add Guest' })).getByLabelText('First name'),
    ).toHaveValue('Jun')
  })

  test('edits a household with the same form, keeping every person’s id', async () => {
    const user = await renderScreen()
    const santos = households[0]!
    await user.click(
      within(rowOf('Ramon Santos')).getByRole('button', { name: 'Edit Ramon Santos and 1 other' }),
    )
    const drawer = await screen.findByRole('dialog', { name: 'Edit household' })
    expect(within(drawer).queryByRole('tab')).not.toBeInTheDocument()
    expect(
      within(drawer).queryByRole('button', { name: 'Save & add another' }),
    ).not.toBeInTheDocument()
    const first = within(drawer).getAllByLabelText('First name')[0]!
    await user.clear(first)
    await user.type(first, 'Ramoncito')
    await user.clear(within(drawer).getByLabelText('E-mail'))
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [, input] = api.saveHousehold.mock.calls[0] as [string, HouseholdInput]
    expect(input.id).toBe(santos.id)
    expect(input.email).toBeNull()
    expect(input.persons.map((p) => [p.id, p.firstName])).toEqual([
      [santos.persons[0]!.id, 'Ramoncito'],
      [santos.persons[1]!.id, 'Paolo'],
    ])
    expect(await screen.findByText('Ramoncito Santos')).toBeInTheDocument()
  })
})

describe('the Import tab', () => {
  test('pasted rows: columns guessed, problems and duplicates shown, only good rows imported', async () => {
    const user = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Add Guest' }))
    const drawer = await screen.findByRole('dialog', { name: 'Add Guest' })
    await user.click(within(drawer).getByRole('tab', { name: 'Import' }))
    const rows = [
      'Our guests',
      'First Name\tLast Name\tAdult/Child',
      'Niña\tPeña\tAdult',
      'Tessa\tCruz\tAdult',
      'Ben\tCruz\tChild',
      'Lola\t\tmaybe',
      '\tNoName\tAdult',
    ]
    await user.click(within(drawer).getByLabelText('Paste rows from a spreadsheet'))
    await user.paste(rows.join('\n'))
    await user.click(within(drawer).getByRole('button', { name: 'Use these rows' }))

    expect(await within(drawer).findByLabelText('What column A (First Name) holds')).toHaveValue(
      'firstName',
    )
    expect(within(drawer).getByLabelText('What column B (Last Name) holds')).toHaveValue('lastName')
    expect(within(drawer).getByLabelText('What column C (Adult/Child) holds')).toHaveValue(
      'personType',
    )
    expect(within(drawer).getByLabelText('Column names are on')).toHaveValue('1')
    await user.click(within(drawer).getByRole('button', { name: 'Review households' }))

    expect(
      await within(drawer).findByText("1 household looks like it's already on your guest list."),
    ).toBeInTheDocument()
    expect(within(drawer).getByText('Already on your list: Niña Peña')).toBeInTheDocument()
    expect(within(drawer).getByText('No first name.')).toBeInTheDocument()
    expect(
      within(drawer).getByText('"maybe" is neither adult nor child; imported as an adult.'),
    ).toBeInTheDocument()
    const submit = within(drawer).getByRole('button', { name: /^Import 2 households/ })
    expect(submit).toBeDisabled()
    await user.click(within(drawer).getByLabelText('Import without this household'))
    await user.click(within(drawer).getByRole('button', { name: 'Import 2 households (3 guests)' }))

    expect(await within(drawer).findByText('Imported 2 households')).toBeInTheDocument()
    const [, sent] = api.importHouseholds.mock.calls[0] as [string, HouseholdInput[]]
    expect(sent.map((h) => h.persons.map((p) => `${p.firstName}:${p.type}`))).toEqual([
      ['Tessa:adult', 'Ben:child'],
      ['Lola:adult'],
    ])
    expect(api.listHouseholds).toHaveBeenCalledTimes(2)
  })

  async function reviewPasted(user: Awaited<ReturnType<typeof renderScreen>>, rows: string[]) {
    await user.click(screen.getByRole('button', { name: 'Add Guest' }))
    const drawer = await screen.findByRole('dialog', { name: 'Add Guest' })
    await user.click(within(drawer).getByRole('tab', { name: 'Import' }))
    await user.click(within(drawer).getByLabelText('Paste rows from a spreadsheet'))
    await user.paste(rows.join('\n'))
    await user.click(within(drawer).getByRole('button', { name: 'Use these rows' }))
    await user.click(await within(drawer).findByRole('button', { name: 'Review households' }))
    return drawer
  }

  test('one row reads as one: "1 row makes 1 household with 1 guest."', async () => {
    const user = await renderScreen()
    const drawer = await reviewPasted(user, ['First Name\tLast Name', 'Tessa\tCruz'])
    expect(
      await within(drawer).findByText('1 row makes 1 household with 1 guest.'),
    ).toBeInTheDocument()
    expect(
      within(drawer).getByRole('button', { name: 'Import 1 household (1 guest)' }),
    ).toBeEnabled()
  })

  test('when every row has a problem, nothing offers to import nothing', async () => {
    const user = await renderScreen()
    const drawer = await reviewPasted(user, ['First Name\tLast Name', '\tCruz', '\tReyes'])
    expect(
      await within(drawer).findByText('2 rows make 2 households with 2 guests.'),
    ).toBeInTheDocument()
    expect(
      within(drawer).getByText(
        'No household can be imported as it is. Fix the problems in your file and load it again.',
      ),
    ).toBeInTheDocument()
    expect(within(drawer).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument()
    expect(
      within(drawer).queryByRole('checkbox', { name: /^Import without/ }),
    ).not.toBeInTheDocument()
    expect(within(drawer).getByRole('button', { name: 'Back' })).toBeEnabled()
  })
})

describe('a family helper', () => {
  // Tita Carmen keeps the bride's side: she added Lorna; the couple added Niña.
  const helperWedding = { ...wedding, myRole: 'family_helper', mySide: 'bride' } as Wedding
  const initialSession = useSessionStore.getState()
  beforeEach(() => {
    households = [
      household({
        userId: 'couple',
        relationshipSide: 'bride',
        persons: [{ firstName: 'Niña', lastName: 'Peña' }],
      }),
      household({
        userId: 'tita-carmen',
        relationshipSide: 'bride',
        persons: [{ firstName: 'Lorna', lastName: 'Cruz' }],
      }),
    ]
    useSessionStore.setState({
      user: { id: 'tita-carmen', email: 'carmen@example.com', userMetadata: {} },
    })
  })
  afterEach(() => useSessionStore.setState(initialSession, true))

  test('is offered Delete only on the households she added, as the database allows', async () => {
    render(<GuestListScreen wedding={helperWedding} />)
    await screen.findByRole('table', { name: 'Households' })
    expect(
      within(rowOf('Lorna Cruz')).getByRole('button', { name: 'Delete Lorna Cruz' }),
    ).toBeInTheDocument()
    expect(
      within(rowOf('Niña Peña')).queryByRole('button', { name: /Delete/ }),
    ).not.toBeInTheDocument()
    expect(
      within(rowOf('Niña Peña')).getByRole('button', { name: 'Edit Niña Peña' }),
    ).toBeInTheDocument()
  })

  test('adds households on her side only, and is not offered an import', async () => {
    const user = userEvent.setup()
    render(<GuestListScreen wedding={helperWedding} />)
    await screen.findByRole('table', { name: 'Households' })
    await user.click(screen.getByRole('button', { name: 'Add Guest' }))
    const drawer = await screen.findByRole('dialog', { name: 'Add Guest' })
    expect(within(drawer).queryByRole('tab', { name: 'Import' })).not.toBeInTheDocument()
    const side = within(drawer).getByLabelText('Whose guest')
    expect(
      within(side)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(["Bride's side"])
    expect(side).toHaveValue('bride')
  })

  test('with nothing on her list yet, is asked to add, not to import', async () => {
    households = []
    render(<GuestListScreen wedding={helperWedding} />)
    expect(
      await screen.findByRole('heading', { name: 'Start your guest list' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Add the households of your side one by one. You can change them later.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Import a spreadsheet' })).not.toBeInTheDocument()
  })
})

describe("the couple's nicknames for the site's search", () => {
  test('lists them, adds one, refuses a nickname equal to its name, and saves what was typed', async () => {
    api.listNicknames.mockResolvedValue({
      nicknames: [{ nickname: 'Dodong', name: 'Reynaldo' }],
      builtInCount: 674,
    })
    api.saveNicknames.mockImplementation(
      (_weddingId: string, nicknames: Array<{ nickname: string; name: string }>) =>
        Promise.resolve({ nicknames, builtInCount: 674 }),
    )
    const user = await renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Nicknames' }))
    const drawer = await screen.findByRole('dialog', { name: 'Nicknames for the name search' })
    expect(
      await within(drawer).findByText(/already knows 674 common Filipino nicknames/),
    ).toBeInTheDocument()
    expect(within(drawer).getAllByLabelText('Nickname')[0]).toHaveValue('Dodong')

    await user.click(within(drawer).getByRole('button', { name: 'Add a nickname' }))
    expect(within(drawer).getAllByLabelText('Nickname')[1]).toHaveFocus()
    await user.type(within(drawer).getAllByLabelText('Nickname')[1]!, 'Bebeng')
    await user.type(within(drawer).getAllByLabelText('Name on the list')[1]!, 'bebeng')
    await user.click(within(drawer).getByRole('button', { name: 'Save nicknames' }))
    expect(
      await within(drawer).findByText('A nickname must differ from the name.'),
    ).toBeInTheDocument()
    expect(api.saveNicknames).not.toHaveBeenCalled()

    await user.clear(within(drawer).getAllByLabelText('Name on the list')[1]!)
    await user.type(within(drawer).getAllByLabelText('Name on the list')[1]!, 'Genoveva')
    await user.click(within(drawer).getByRole('button', { name: 'Save nicknames' }))
    expect(await within(drawer).findByText('Nicknames saved.')).toBeInTheDocument()
    expect(api.saveNicknames).toHaveBeenCalledWith('wedding-1', [
      { nickname: 'Dodong', name: 'Reynaldo' },
      { nickname: 'Bebeng', name: 'Genoveva' },
    ])
  })
})
