// @vitest-environment jsdom
// The couple's RSVPs tab once events take their own RSVPs, against a mocked API: the event chooser,
// the counts and list per event, a reply recorded for one event, and the changes feed.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { RsvpChanges, RsvpHousehold, Wedding } from '@/lib/api'
import type { EventReply, WeddingEvent } from '@/lib/api/events'
import { setUpI18n } from '../rsvp/i18n'
import { asDetails, asGuestList } from './shared-list'

const api = vi.hoisted(() => ({
  listHouseholds: vi.fn(),
  updateRsvpSettings: vi.fn(),
  listRsvpChanges: vi.fn(),
  markRsvpChangesSeen: vi.fn(),
  restoreRsvp: vi.fn(),
}))
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }))
const invitationsApi = vi.hoisted(() => ({
  listInvitationStates: vi.fn(),
  getRsvpRequiresCode: vi.fn(),
  setRsvpRequiresCode: vi.fn(),
}))
vi.mock('@/lib/api/invitations', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...invitationsApi,
}))
const detailsApi = vi.hoisted(() => ({ listRsvpDetails: vi.fn() }))
vi.mock('@/lib/api/rsvp-details', () => detailsApi)
const eventsApi = vi.hoisted(() => ({
  listEvents: vi.fn(),
  listReplies: vi.fn(),
  recordReply: vi.fn(),
  saveEventSettings: vi.fn(),
}))
vi.mock('@/lib/api/events', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...eventsApi,
}))

// The settings test clicks through a calendar and a form: room for a busy machine.
vi.setConfig({ testTimeout: 15_000 })

const { RsvpsTabPage } = await import('@/features/rsvps/routes/rsvps-tab-page')
const { useSessionStore } = await import('@/lib/session')
const { useRsvpsTabStore } = await import('@/features/rsvps/rsvps-tab-store')
const { useGuestListStore } = await import('@/lib/guest-list')
const { useEventsStore } = await import('@/features/rsvps/events-store')
const initialList = useGuestListStore.getState()

const wedding: Wedding = {
  id: 'w1',
  userId: 'u1',
  slug: 'isabel-and-miguel',
  title: 'Isabel & Miguel',
  bride: { firstName: 'Isabel', lastName: 'Dela Cruz' },
  groom: { firstName: 'Miguel', lastName: 'Santos' },
  date: '2027-12-12',
  theme: { name: 'classic' },
  isPublished: true,
  rsvpDeadline: '2027-10-12',
  rsvpQuestions: [
    { id: 'meal', question: 'Meal?', kind: 'choice', options: ['Fish', 'Beef'] },
    { id: 'song', question: 'Song?', kind: 'text' },
  ],
  contact: { email: null, phone: null, names: null },
  sections: [],
}

const person = (
  id: string,
  firstName: string,
  isAttending: boolean | null,
  extra: Partial<RsvpHousehold['persons'][number]> = {},
) => ({
  id,
  householdId: `g-${id}`,
  firstName,
  lastName: 'Reyes',
  type: 'adult' as const,
  isAttending,
  response: [],
  respondedAt: isAttending === null ? null : '2027-01-02T03:04:05Z',
  recordedBy: isAttending === null ? null : ('guest' as const),
  ...extra,
})

const households: RsvpHousehold[] = [
  {
    id: 'h1',
    email: 'reyes@example.com',
    message: 'See you!',
    messageAt: '2027-01-02T03:04:05Z',
    persons: [
      person('p1', 'Ana', true, {
        response: [{ questionId: 'meal', question: 'Meal?', answer: 'Fish' }],
      }),
      person('p2', 'Ben', false),
    ],
  },
  { id: 'h2', email: null, message: null, messageAt: null, persons: [person('p3', 'Cora', null)] },
]

/** The replies the tab will read: the shared guest list and the details beside it. */
function serveReplies(list: RsvpHousehold[]) {
  api.listHouseholds.mockResolvedValue(asGuestList(list))
  detailsApi.listRsvpDetails.mockResolvedValue(asDetails(list))
}

function renderTab() {
  return render(
    <MemoryRouter>
      <RsvpsTabPage />
    </MemoryRouter>,
  )
}

const counts0 = {
  households: 0,
  persons: 0,
  attending: 0,
  declined: 0,
  pending: 0,
  stillToAnswer: 0,
  beyondSeats: 0,
}
const event = (id: string, name: string, patch: Partial<WeddingEvent> = {}): WeddingEvent => ({
  id,
  name,
  type: 'reception',
  date: '2027-12-12',
  startTime: null,
  endTime: null,
  venue: null,
  takesRsvp: true,
  deadline: null,
  effectiveDeadline: '2027-10-12',
  isClosed: false,
  isPrivate: false,
  isMain: false,
  householdIds: [],
  counts: counts0,
  ...patch,
})
// The reception is seated; the despedida is private to the Reyes (h1); cocktails take no RSVPs.
const events: WeddingEvent[] = [
  event('cocktails', 'Cocktails', { takesRsvp: false }),
  event('reception', 'Salu-salo', { isMain: true }),
  event('desp', 'Despedida', { isPrivate: true, householdIds: ['h1'], type: 'despedida' }),
]
const replies: EventReply[] = [
  // Ana, who comes to the reception, declines the despedida.
  {
    eventId: 'desp',
    personId: 'p1',
    householdId: 'h1',
    isAttending: false,
    response: [],
    respondedAt: '2027-01-03T00:00:00Z',
    recordedBy: 'guest',
  },
]

const countsShown = () =>
  Object.fromEntries(
    ['Attending', 'Not attending', 'No reply yet'].map((label) => [
      label,
      screen.getAllByText(label).find((element) => element.tagName === 'DT')!.nextElementSibling!
        .textContent,
    ]),
  )

beforeAll(async () => {
  await setUpI18n('en')
})

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset()
  for (const fn of Object.values(invitationsApi)) fn.mockReset()
  detailsApi.listRsvpDetails.mockReset()
  invitationsApi.listInvitationStates.mockResolvedValue([])
  invitationsApi.getRsvpRequiresCode.mockResolvedValue(false)
  serveReplies(households)
  api.listRsvpChanges.mockResolvedValue({
    lastSeenAt: null,
    changes: [],
    probes: [],
  } satisfies RsvpChanges)
  api.markRsvpChangesSeen.mockResolvedValue(null)
  useGuestListStore.setState(initialList, true)
  useEventsStore.setState({
    weddingId: null,
    events: [],
    replies: [],
    index: new Map(),
    status: 'idle',
    error: null,
  })
  for (const fn of Object.values(eventsApi)) fn.mockReset()
  eventsApi.listEvents.mockResolvedValue(events)
  eventsApi.listReplies.mockResolvedValue(replies)
  useRsvpsTabStore.setState({
    weddingId: null,
    households: [],
    invitations: new Map(),
    status: 'idle',
    error: null,
    changes: null,
    since: null,
  })
  useSessionStore.setState({
    status: 'signedIn',
    user: { id: 'u1', email: 'demo@kasalan.ph', userMetadata: {} },
    wedding,
    weddingStatus: 'ready',
  })
})

describe('the RSVPs tab per event', () => {
  test('no event taking RSVPs: no chooser, the wedding’s own answers', async () => {
    eventsApi.listEvents.mockResolvedValue([event('cocktails', 'Cocktails', { takesRsvp: false })])
    renderTab()
    await screen.findByRole('list', { name: 'Replies by household' })
    await vi.waitFor(() => expect(eventsApi.listEvents).toHaveBeenCalledWith('w1'))
    expect(screen.queryByLabelText('Replies for')).not.toBeInTheDocument()
    expect(countsShown()).toEqual({ Attending: '1', 'Not attending': '1', 'No reply yet': '1' })
  })

  test('the seated event first, with the persons’ own answers; another event its replies, over the households it invites', async () => {
    renderTab()
    const chooser = await screen.findByLabelText('Replies for')
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Salu-salo (seated)', 'Despedida'])
    expect(chooser).toHaveValue('reception')
    expect(countsShown()).toEqual({ Attending: '1', 'Not attending': '1', 'No reply yet': '1' })

    fireEvent.change(chooser, { target: { value: 'desp' } })
    // Only the Reyes are invited: Ana declined it, Ben has not answered; Cora is not listed.
    expect(countsShown()).toEqual({ Attending: '0', 'Not attending': '1', 'No reply yet': '1' })
    const list = screen.getByRole('list', { name: 'Replies by household' })
    expect(within(list).queryByText(/Cora/)).not.toBeInTheDocument()
    // The reception's answers (Ana's meal) are not the despedida's.
    expect(within(list).queryByText('Fish')).not.toBeInTheDocument()
  })

  test('a reply recorded for another event goes to that event only', async () => {
    eventsApi.recordReply.mockResolvedValue({
      reply: {
        eventId: 'desp',
        personId: 'p2',
        householdId: 'h1',
        isAttending: true,
        response: [],
        respondedAt: '2027-01-04T00:00:00Z',
        recordedBy: 'couple',
      } satisfies EventReply,
    })
    renderTab()
    const chooser = await screen.findByLabelText('Replies for')
    fireEvent.change(chooser, { target: { value: 'desp' } })
    fireEvent.click(screen.getByRole('button', { name: 'Record reply for Ben Reyes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record a reply' })
    expect(dialog).toHaveTextContent('For Ben Reyes, at the Despedida.')
    // The questions are the reception's: none is asked for the despedida.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Attending' }))
    expect(within(dialog).queryByLabelText('Meal?')).not.toBeInTheDocument()
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save reply' })),
    )
    expect(eventsApi.recordReply).toHaveBeenCalledWith('w1', 'desp', 'p2', true, [])
    expect(eventsApi.recordReply).toHaveBeenCalledTimes(1)
    await vi.waitFor(() =>
      expect(countsShown()).toEqual({ Attending: '1', 'Not attending': '1', 'No reply yet': '0' }),
    )
    // Ben's own answer (the reception's) is still a no.
    fireEvent.change(chooser, { target: { value: 'reception' } })
    expect(countsShown()).toEqual({ Attending: '1', 'Not attending': '1', 'No reply yet': '1' })
  })

  test('a change of another event in the feed leaves the person’s own answer, and says which event it is of', async () => {
    api.listRsvpChanges.mockResolvedValue({
      lastSeenAt: null,
      probes: [],
      changes: [
        {
          id: 'c1',
          householdId: 'h1',
          personId: 'p1',
          firstName: 'Ana',
          lastName: 'Reyes',
          changedAt: '2099-01-01T00:00:00Z',
          changedBy: 'guest_search',
          byMe: false,
          changedByName: null,
          previous: { eventId: 'desp', isAttending: null },
          current: {
            eventId: 'desp',
            isAttending: false,
            respondedAt: '2099-01-01T00:00:00Z',
            recordedBy: 'guest',
          },
        },
      ],
    } satisfies RsvpChanges)
    renderTab()
    await screen.findByLabelText('Replies for')
    const feed = await screen.findByRole('list', { name: 'Reply changes' })
    expect(within(feed).getByText('For: Despedida')).toBeInTheDocument()
    // On the seated event Ana still comes.
    expect(countsShown()).toEqual({ Attending: '1', 'Not attending': '1', 'No reply yet': '1' })
  })
})
