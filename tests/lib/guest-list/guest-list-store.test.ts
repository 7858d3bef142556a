// The one guest list the guest list, the RSVPs tab and the seating chart share: read once, changed
// line by line, and each screen following what the others changed.
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { RsvpChange, RsvpHousehold } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import { household } from '../../features/guests/fixtures'

const api = vi.hoisted(() => ({
  listHouseholds: vi.fn(),
  saveHousehold: vi.fn(),
  deleteHousehold: vi.fn(),
  importHouseholds: vi.fn(),
  listRsvpChanges: vi.fn(),
  markRsvpChangesSeen: vi.fn(),
  getSeatingLayout: vi.fn(),
}))
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }))
const invitationsApi = vi.hoisted(() => ({ listInvitationStates: vi.fn() }))
vi.mock('@/lib/api/invitations', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...invitationsApi,
}))
const detailsApi = vi.hoisted(() => ({ listRsvpDetails: vi.fn() }))
vi.mock('@/lib/api/rsvp-details', () => detailsApi)
const eventsApi = vi.hoisted(() => ({ recordReply: vi.fn() }))
vi.mock('@/lib/api/events', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...eventsApi,
}))

const { useGuestListStore } = await import('@/lib/guest-list')
const { useGuestsStore } = await import('@/features/guests/guests-store')
const { useRsvpsTabStore } = await import('@/features/rsvps/rsvps-tab-store')
const { useSeatingStore } = await import('@/features/seating/seating-store')

const WEDDING = 'wedding'
const santos = household({
  id: 'h-santos',
  persons: [{ id: 'p-juan', firstName: 'Juan', lastName: 'Santos' }],
})
const reyes = household({
  id: 'h-reyes',
  persons: [
    { id: 'p-ana', firstName: 'Ana', lastName: 'Reyes' },
    { id: 'p-ben', firstName: 'Ben', lastName: 'Reyes' },
  ],
})

const asRsvp = (h: typeof santos, extra: Partial<RsvpHousehold> = {}): RsvpHousehold => ({
  id: h.id,
  email: h.email,
  message: null,
  messageAt: null,
  persons: h.persons.map((p) => ({
    id: p.id,
    householdId: h.id,
    firstName: p.firstName,
    lastName: p.lastName,
    type: p.type,
    isAttending: p.isAttending,
    response: [],
    respondedAt: p.respondedAt,
    recordedBy: null,
    recordedByName: null,
  })),
  ...extra,
})

const change = (
  id: string,
  householdId: string,
  personId: string | null,
  changedAt: string,
  current: RsvpChange['current'],
): RsvpChange => ({
  id,
  householdId,
  personId,
  firstName: 'Ana',
  lastName: 'Reyes',
  changedAt,
  changedBy: 'guest_code',
  byMe: false,
  changedByName: null,
  previous: {},
  current,
})

const initial = {
  list: useGuestListStore.getState(),
  guests: useGuestsStore.getState(),
  rsvps: useRsvpsTabStore.getState(),
  seating: useSeatingStore.getState(),
}

beforeEach(() => {
  vi.resetAllMocks()
  localStorage.clear()
  useGuestListStore.setState(initial.list, true)
  useGuestsStore.setState(initial.guests, true)
  useRsvpsTabStore.setState(initial.rsvps, true)
  useSeatingStore.setState(initial.seating, true)
  api.listHouseholds.mockResolvedValue([santos, reyes])
  detailsApi.listRsvpDetails.mockResolvedValue({ messages: [], recorded: [] })
  api.listRsvpChanges.mockResolvedValue({ lastSeenAt: null, changes: [], probes: [] })
  api.markRsvpChangesSeen.mockResolvedValue(null)
  api.getSeatingLayout.mockResolvedValue({ layout: { tables: [], seats: [] }, updatedAt: null })
  invitationsApi.listInvitationStates.mockResolvedValue([])
})

describe('the shared list', () => {
  const list = () => useGuestListStore.getState()

  test('is read once per wedding, even by two screens opening at the same time; force reads it again', async () => {
    await Promise.all([list().load(WEDDING), list().load(WEDDING)])
    await list().load(WEDDING)
    expect(api.listHouseholds).toHaveBeenCalledTimes(1)
    expect(list()).toMatchObject({
      status: 'ready',
      households: [santos, reyes],
      lastChange: { kind: 'read', again: false },
    })
    await list().load(WEDDING, { force: true })
    expect(api.listHouseholds).toHaveBeenCalledTimes(2)
  })

  test('a failed first read says why; a failed refresh keeps the list and throws', async () => {
    api.listHouseholds.mockRejectedValueOnce(new Error('offline'))
    await list().load(WEDDING)
    expect(list()).toMatchObject({ status: 'error', households: [] })
    await list().load(WEDDING)
    expect(list().status).toBe('ready')
    api.listHouseholds.mockRejectedValueOnce(new Error('offline'))
    await expect(list().refresh(WEDDING)).rejects.toThrow('offline')
    expect(list()).toMatchObject({ status: 'ready', households: [santos, reyes] })
  })

  test('put replaces a line or adds one at the end, remove takes one out; the others stay the same objects', async () => {
    await list().load(WEDDING)
    const renamed = { ...santos, email: 'santos@example.com' }
    list().put(renamed)
    expect(list().households).toEqual([renamed, reyes])
    expect(list().households[1]).toBe(reyes)
    expect(list().lastChange).toEqual({ kind: 'saved', household: renamed })
    const added = household({ id: 'h-cruz' })
    list().put(added)
    expect(list().households.map((h) => h.id)).toEqual(['h-santos', 'h-reyes', 'h-cruz'])
    list().remove('h-reyes')
    expect(list().households.map((h) => h.id)).toEqual(['h-santos', 'h-cruz'])
    expect(list().lastChange).toEqual({ kind: 'removed', householdId: 'h-reyes' })
  })

  test('setReplies changes only the persons whose reply differs', async () => {
    await list().load(WEDDING)
    const before = list().households
    list().setReplies(
      'h-reyes',
      new Map([['p-ana', { isAttending: null, response: [], respondedAt: null }]]),
    )
    expect(list().households).toBe(before)
    list().setReplies(
      'h-reyes',
      new Map([
        [
          'p-ana',
          {
            isAttending: true,
            response: [{ question: 'Meal?', answer: 'Fish' }],
            respondedAt: '2027-01-02T00:00:00Z',
          },
        ],
      ]),
    )
    const [ana, ben] = list().households[1]!.persons
    expect(ana).toMatchObject({
      isAttending: true,
      response: [{ question: 'Meal?', answer: 'Fish' }],
    })
    expect(ben).toBe(reyes.persons[1])
    expect(list().households[0]).toBe(santos)
    expect(list().lastChange).toEqual({ kind: 'replied', householdId: 'h-reyes' })
  })
})

describe('the three screens share it', () => {
  test('switching between the guest list, the seating chart and the RSVPs tab reads nothing again', async () => {
    await useGuestsStore.getState().load(WEDDING)
    await useSeatingStore.getState().load(WEDDING)
    await useRsvpsTabStore.getState().load(WEDDING)
    await useGuestsStore.getState().load(WEDDING)
    await useSeatingStore.getState().load(WEDDING)
    await useRsvpsTabStore.getState().load(WEDDING)
    expect(api.listHouseholds).toHaveBeenCalledTimes(1)
    expect(detailsApi.listRsvpDetails).toHaveBeenCalledTimes(1)
    expect(api.getSeatingLayout).toHaveBeenCalledTimes(1)
    expect(useSeatingStore.getState().households).toBe(useGuestsStore.getState().households)
    expect(useSeatingStore.getState().households).toBe(useGuestListStore.getState().households)
  })

  test('a household saved or deleted on the guest list shows on the seating chart and the RSVPs tab', async () => {
    await Promise.all([
      useGuestsStore.getState().load(WEDDING),
      useSeatingStore.getState().load(WEDDING),
      useRsvpsTabStore.getState().load(WEDDING),
    ])
    useRsvpsTabStore.setState({
      households: [asRsvp(santos), asRsvp(reyes, { message: 'See you!' })],
    })
    const reyesAgain = household({
      id: 'h-reyes',
      persons: [
        { id: 'p-ana', firstName: 'Ana', lastName: 'Reyes-Cruz' },
        { id: 'p-cora', firstName: 'Cora', lastName: 'Reyes' },
      ],
    })
    api.saveHousehold.mockResolvedValue({ ...reyesAgain, weddingId: WEDDING })
    await useGuestsStore.getState().save({} as never)

    expect(useSeatingStore.getState().households[1]!.persons.map((p) => p.firstName)).toEqual([
      'Ana',
      'Cora',
    ])
    const line = useRsvpsTabStore.getState().households[1]!
    expect(line.persons.map((p) => `${p.firstName} ${p.lastName}`)).toEqual([
      'Ana Reyes-Cruz',
      'Cora Reyes',
    ])
    // What only the RSVPs tab knows stays.
    expect(line.message).toBe('See you!')

    api.deleteHousehold.mockResolvedValue(null)
    await useGuestsStore.getState().remove('h-santos')
    expect(useSeatingStore.getState().households.map((h) => h.id)).toEqual(['h-reyes'])
    expect(useRsvpsTabStore.getState().households.map((h) => h.id)).toEqual(['h-reyes'])
    expect(api.listHouseholds).toHaveBeenCalledTimes(1)
    expect(detailsApi.listRsvpDetails).toHaveBeenCalledTimes(1)
  })

  test('the RSVPs tab shows the shared list’s replies with the messages and who recorded each', async () => {
    const replied = household({
      id: 'h-reyes',
      persons: [
        {
          id: 'p-ana',
          firstName: 'Ana',
          lastName: 'Reyes',
          isAttending: true,
          respondedAt: '2027-01-02T00:00:00Z',
          response: [{ questionId: 'q1', question: 'Meal?', answer: 'Fish' }],
        },
        { id: 'p-ben', firstName: 'Ben', lastName: 'Reyes' },
      ],
    })
    api.listHouseholds.mockResolvedValue([santos, replied])
    detailsApi.listRsvpDetails.mockResolvedValue({
      messages: [
        { householdId: 'h-reyes', message: 'Salamat!', messageAt: '2027-01-02T00:00:00Z' },
      ],
      recorded: [{ personId: 'p-ana', recordedBy: 'couple', recordedByName: 'Tita Carmen' }],
    })
    await useRsvpsTabStore.getState().load(WEDDING)
    const [first, second] = useRsvpsTabStore.getState().households
    expect(first).toEqual(asRsvp(santos))
    expect(second).toMatchObject({
      id: 'h-reyes',
      message: 'Salamat!',
      messageAt: '2027-01-02T00:00:00Z',
    })
    expect(second!.persons[0]).toMatchObject({
      isAttending: true,
      response: [{ questionId: 'q1', question: 'Meal?', answer: 'Fish' }],
      recordedBy: 'couple',
      recordedByName: 'Tita Carmen',
    })
    expect(second!.persons[1]).toMatchObject({
      isAttending: null,
      recordedBy: null,
      recordedByName: null,
    })
    // The guest list is ready for the other two screens.
    expect(useGuestListStore.getState().status).toBe('ready')
  })

  test('a list read on another screen is brought up to the changes feed when the RSVPs tab opens', async () => {
    await useRsvpsTabStore.getState().load(WEDDING)
    await useRsvpsTabStore.getState().loadChanges(WEDDING)
    // Another wedding in between, then back: the list is already here, read before this feed.
    useRsvpsTabStore.setState({ weddingId: 'other', status: 'idle' })
    const accepted = change('c1', 'h-reyes', 'p-ben', '2027-01-03T00:00:00Z', {
      isAttending: true,
      response: [],
      respondedAt: '2027-01-03T00:00:00Z',
      recordedBy: 'guest',
    })
    useRsvpsTabStore.setState({
      changes: { lastSeenAt: null, changes: [accepted], probes: [] },
      since: { weddingId: WEDDING, at: null },
    })
    await useRsvpsTabStore.getState().load(WEDDING)
    expect(useRsvpsTabStore.getState().households[1]!.persons[1]).toMatchObject({
      isAttending: true,
      recordedBy: 'guest',
    })
    expect(useGuestListStore.getState().households[1]!.persons[1]).toMatchObject({
      isAttending: true,
    })
    expect(api.listHouseholds).toHaveBeenCalledTimes(1)
  })

  test('a reply recorded on the RSVPs tab shows on the guest list; after an import the tab follows the new list', async () => {
    await Promise.all([
      useGuestsStore.getState().load(WEDDING),
      useRsvpsTabStore.getState().load(WEDDING),
    ])
    const replied = asRsvp(reyes)
    replied.persons[1] = {
      ...replied.persons[1]!,
      isAttending: false,
      respondedAt: '2027-01-02T00:00:00Z',
      recordedBy: 'couple',
    }
    eventsApi.recordReply.mockResolvedValue(replied)
    await useRsvpsTabStore.getState().record('p-ben', false, [])
    expect(useGuestsStore.getState().households[1]!.persons[1]).toMatchObject({
      id: 'p-ben',
      isAttending: false,
    })

    const cruz = household({
      id: 'h-cruz',
      persons: [{ id: 'p-cora', firstName: 'Cora', lastName: 'Cruz' }],
    })
    api.listHouseholds.mockResolvedValue([
      santos,
      useGuestListStore.getState().households[1]!,
      cruz,
    ])
    api.importHouseholds.mockResolvedValue({
      households: 1,
      persons: 1,
      replies: 0,
      householdIds: ['h-cruz'],
    })
    await useGuestsStore.getState().importMany([])
    expect(api.listHouseholds).toHaveBeenCalledTimes(2)
    await useRsvpsTabStore.getState().load(WEDDING)
    const lines = useRsvpsTabStore.getState().households
    expect(lines.map((line) => line.id)).toEqual(['h-santos', 'h-reyes', 'h-cruz'])
    // Who recorded Ben's reply stays: his reply did not change.
    expect(lines[1]!.persons[1]).toMatchObject({ isAttending: false, recordedBy: 'couple' })
    expect(detailsApi.listRsvpDetails).toHaveBeenCalledTimes(1)
  })

  test('opening the RSVPs tab again applies the guests’ new replies from the changes feed, without a read', async () => {
    await Promise.all([
      useGuestsStore.getState().load(WEDDING),
      useRsvpsTabStore.getState().load(WEDDING),
    ])
    await useRsvpsTabStore.getState().loadChanges(WEDDING)
    const accepted = change('c1', 'h-reyes', 'p-ana', '2027-01-03T00:00:00Z', {
      isAttending: true,
      response: [],
      respondedAt: '2027-01-03T00:00:00Z',
      recordedBy: 'guest',
    })
    const message = change('c2', 'h-reyes', null, '2027-01-03T00:00:01Z', {
      message: 'Salamat!',
      messageAt: '2027-01-03T00:00:01Z',
    })
    api.listRsvpChanges.mockResolvedValue({
      lastSeenAt: null,
      changes: [message, accepted],
      probes: [],
    })

    await useRsvpsTabStore.getState().load(WEDDING)
    await useRsvpsTabStore.getState().loadChanges(WEDDING)
    const line = useRsvpsTabStore.getState().households[1]!
    expect(line.message).toBe('Salamat!')
    expect(line.persons[0]).toMatchObject({ isAttending: true, recordedBy: 'guest' })
    expect(useGuestListStore.getState().households[1]!.persons[0]).toMatchObject({
      isAttending: true,
    })
    expect(detailsApi.listRsvpDetails).toHaveBeenCalledTimes(1)
    expect(api.listHouseholds).toHaveBeenCalledTimes(1)

    // A full feed page that does not reach back to what the list has: read the list again.
    const many = Array.from({ length: 100 }, (_, i) =>
      change(`n${i}`, 'h-santos', 'p-juan', `2027-02-0${1 + (i % 9)}T00:00:00Z`, {
        isAttending: true,
        response: [],
        respondedAt: '2027-02-01T00:00:00Z',
      }),
    ).sort((a, b) => b.changedAt.localeCompare(a.changedAt))
    api.listRsvpChanges.mockResolvedValue({ lastSeenAt: null, changes: many, probes: [] })
    await useRsvpsTabStore.getState().loadChanges(WEDDING)
    await vi.waitFor(() => expect(detailsApi.listRsvpDetails).toHaveBeenCalledTimes(2))
    expect(api.listHouseholds).toHaveBeenCalledTimes(2)
  })

  test('a wedding with a full feed page is not read again on every opening', async () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      change(
        `m${i}`,
        'h-santos',
        'p-juan',
        new Date(Date.UTC(2027, 0, 1, 0, 100 - i)).toISOString(),
        { isAttending: true, response: [], respondedAt: '2027-01-01T00:00:00Z' },
      ),
    )
    api.listRsvpChanges.mockResolvedValue({ lastSeenAt: null, changes: many, probes: [] })
    // The first opening reads the list and the feed at the same time, in either order.
    await Promise.all([
      useRsvpsTabStore.getState().load(WEDDING),
      useRsvpsTabStore.getState().loadChanges(WEDDING),
    ])
    for (let opening = 0; opening < 3; opening++) {
      await useRsvpsTabStore.getState().load(WEDDING)
      await useRsvpsTabStore.getState().loadChanges(WEDDING)
    }
    expect(detailsApi.listRsvpDetails).toHaveBeenCalledTimes(1)
    expect(api.listHouseholds).toHaveBeenCalledTimes(1)
  })

  test('a member removed meanwhile is told on the next opening, not shown the replies read before', async () => {
    await useRsvpsTabStore.getState().load(WEDDING)
    await useRsvpsTabStore.getState().loadChanges(WEDDING)
    expect(useRsvpsTabStore.getState().status).toBe('ready')

    // Any other failure of the feed leaves the replies on screen.
    api.listRsvpChanges.mockRejectedValueOnce(new Error('offline'))
    await useRsvpsTabStore.getState().load(WEDDING)
    await useRsvpsTabStore.getState().loadChanges(WEDDING)
    expect(useRsvpsTabStore.getState()).toMatchObject({ status: 'ready', changes: null })

    api.listRsvpChanges.mockRejectedValueOnce(new BackendError('wedding_not_found', 'P0001'))
    await useRsvpsTabStore.getState().load(WEDDING)
    await useRsvpsTabStore.getState().loadChanges(WEDDING)
    expect(useRsvpsTabStore.getState()).toMatchObject({ status: 'error', households: [] })
    expect((useRsvpsTabStore.getState().error as Error).message).toBe('wedding_not_found')
  })
})
