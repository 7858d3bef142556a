// @vitest-environment jsdom
// The couple's RSVPs tab against a mocked API: counts, the status filter, recording a reply on a
// guest's behalf, and editing the deadline and questions.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import type { RsvpChanges, RsvpHousehold, Wedding } from '@/lib/api'
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
const eventsApi = vi.hoisted(() => ({ recordReply: vi.fn() }))
vi.mock('@/lib/api/events', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...eventsApi,
}))

// The settings test clicks through a calendar and a form: room for a busy machine.
vi.setConfig({ testTimeout: 15_000 })

const { RsvpsTabPage, REPLY_POLL_MS } = await import('@/features/rsvps/routes/rsvps-tab-page')
const { useSessionStore } = await import('@/lib/session')
const { useRsvpsTabStore } = await import('@/features/rsvps/rsvps-tab-store')
const { useGuestListStore } = await import('@/lib/guest-list')
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

describe('RSVPs tab', () => {
  test('the privacy setting is saved as soon as it changes; a failed save puts it back and says why', async () => {
    render(
      <MemoryRouter initialEntries={['/manage/rsvps?view=settings']}>
        <RsvpsTabPage />
      </MemoryRouter>,
    )
    const box = await screen.findByRole('checkbox', {
      name: /^Guests need their invitation link or code to RSVP/,
    })
    await vi.waitFor(() => expect(box).toBeEnabled())
    expect(box).not.toBeChecked()
    invitationsApi.setRsvpRequiresCode.mockResolvedValueOnce(true)
    await act(async () => fireEvent.click(box))
    expect(invitationsApi.setRsvpRequiresCode).toHaveBeenCalledWith('w1', true)
    expect(box).toBeChecked()
    invitationsApi.setRsvpRequiresCode.mockRejectedValueOnce(new Error('offline'))
    await act(async () => fireEvent.click(box))
    expect(invitationsApi.setRsvpRequiresCode).toHaveBeenLastCalledWith('w1', false)
    expect(box).toBeChecked()
    expect(screen.getByRole('alert')).toBeInTheDocument()
  })

  test('shows each household’s invitation state, counts them, and filters by it (one read for all)', async () => {
    const invited = (
      householdId: string,
      state: 'invited' | 'opened' | 'answered',
      openedAt: string | null,
    ) => ({
      householdId,
      state,
      invitedAt: '2027-01-01T00:00:00Z',
      invitedVia: 'viber' as const,
      openedAt,
    })
    invitationsApi.listInvitationStates.mockResolvedValue([
      invited('h1', 'answered', '2027-01-01T05:00:00Z'),
      invited('h2', 'invited', null),
    ])
    renderTab()
    const list = await screen.findByRole('list', { name: 'Replies by household' })
    expect(invitationsApi.listInvitationStates).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('rsvp-invitation-invited')).toHaveTextContent('Invited2')
    expect(screen.getByTestId('rsvp-invitation-opened')).toHaveTextContent('Opened the link1')
    expect(screen.getByTestId('rsvp-invitation-answered')).toHaveTextContent('Answered1')
    expect(
      within(list)
        .getAllByTestId('invitation-state')
        .map((badge) => badge.textContent),
    ).toEqual(['Answered', 'Invited'])

    fireEvent.change(screen.getByLabelText('Invitation'), { target: { value: 'invited' } })
    expect(within(list).getByText(/Cora/)).toBeInTheDocument()
    expect(within(list).queryByText(/Ana/)).not.toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Invitation'), { target: { value: 'not_invited' } })
    expect(screen.getByText('No one matches this filter.', { exact: false })).toBeInTheDocument()
  })

  test('counts and lists every reply with its answers, time and the household’s message', async () => {
    renderTab()
    const list = await screen.findByRole('list', { name: 'Replies by household' })
    // The lines come from the shared guest list (then ready for the other two screens) and the details.
    expect(api.listHouseholds).toHaveBeenCalledTimes(1)
    expect(api.listHouseholds).toHaveBeenCalledWith('w1')
    expect(detailsApi.listRsvpDetails).toHaveBeenCalledWith('w1')
    const counts = Object.fromEntries(
      ['Responded', 'Attending', 'Not attending', 'No reply yet'].map((label) => [
        label,
        screen.getAllByText(label).find((element) => element.tagName === 'DT')!.nextElementSibling!
          .textContent,
      ]),
    )
    expect(counts).toEqual({
      Responded: '2',
      Attending: '1',
      'Not attending': '1',
      'No reply yet': '1',
    })
    expect(within(list).getByText('Fish')).toBeInTheDocument()
    expect(within(list).getByText('See you!')).toBeInTheDocument()
    expect(within(list).getAllByText(/^Answered /)).toHaveLength(2)
  })

  test('renders only the households in view, and counts with thousands separators', async () => {
    const many: RsvpHousehold[] = Array.from({ length: 300 }, (_, index) => ({
      id: `m${index}`,
      email: null,
      message: null,
      messageAt: null,
      persons: [0, 1, 2, 3].map((n) =>
        person(`mp${index}-${n}`, `Guest${index}-${n}`, n % 2 === 0 ? true : null),
      ),
    }))
    serveReplies(many)
    // jsdom lays nothing out: give every row a real height, as a browser would.
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(100)
    onTestFinished(() => height.mockRestore())
    renderTab()
    const list = await screen.findByRole('list', { name: 'Replies by household' })
    expect(within(list).getAllByRole('button', { name: /^Record reply/ }).length).toBeLessThan(80)
    const filters = screen.getByRole('group', { name: 'Show replies' })
    expect(within(filters).getByRole('button', { name: 'All (1,200)' })).toBeInTheDocument()
    expect(within(filters).getByRole('button', { name: 'No reply yet (600)' })).toBeInTheDocument()
  })

  test('keeps what was typed in the settings while the couple looks at the replies', async () => {
    renderTab()
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Deadline and questions' }))
    const form = await screen.findByRole('form', { name: 'Deadline and questions' })
    fireEvent.change(within(form).getByRole('textbox', { name: 'Text of question 1' }), {
      target: { value: 'Ulam?' },
    })
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Replies' }))
    await screen.findByRole('list', { name: 'Replies by household' })
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Deadline and questions' }))
    expect(
      within(await screen.findByRole('form', { name: 'Deadline and questions' })).getByRole(
        'textbox',
        { name: 'Text of question 1' },
      ),
    ).toHaveValue('Ulam?')
  })

  test('filters by status', async () => {
    renderTab()
    const list = await screen.findByRole('list', { name: 'Replies by household' })
    const filters = screen.getByRole('group', { name: 'Show replies' })
    fireEvent.click(within(filters).getByRole('button', { name: /No reply yet/ }))
    expect(within(filters).getByRole('button', { name: /No reply yet/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(within(list).queryByText('Ana Reyes')).not.toBeInTheDocument()
    expect(
      within(screen.getByRole('list', { name: 'Replies by household' })).getByText('Cora Reyes'),
    ).toBeInTheDocument()
    fireEvent.click(within(filters).getByRole('button', { name: /^Attending/ }))
    const shown = screen.getByRole('list', { name: 'Replies by household' })
    expect(within(shown).getByText('Ana Reyes')).toBeInTheDocument()
    expect(within(shown).queryByText('Ben Reyes')).not.toBeInTheDocument()
  })

  test('records a reply on a guest’s behalf', async () => {
    eventsApi.recordReply.mockResolvedValue({
      ...households[1]!,
      persons: [
        person('p3', 'Cora', true, {
          recordedBy: 'couple',
          response: [{ questionId: 'meal', question: 'Meal?', answer: 'Beef' }],
        }),
      ],
    })
    renderTab()
    await screen.findByRole('list', { name: 'Replies by household' })
    fireEvent.click(screen.getByRole('button', { name: 'Record reply for Cora Reyes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record a reply' })
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Attending' }))
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Meal?' }), {
      target: { value: 'Beef' },
    })
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save reply' })),
    )
    expect(eventsApi.recordReply).toHaveBeenCalledWith('w1', null, 'p3', true, [
      { questionId: 'meal', answer: 'Beef' },
    ])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText(/^Recorded by you /)).toBeInTheDocument()
    expect(screen.getByText('Beef')).toBeInTheDocument()
  })

  test('a failed correction stays open with the error', async () => {
    eventsApi.recordReply.mockRejectedValue(new TypeError('Failed to fetch'))
    renderTab()
    await screen.findByRole('list', { name: 'Replies by household' })
    fireEvent.click(screen.getByRole('button', { name: 'Record reply for Ana Reyes' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('radio', { name: 'No reply yet' }))
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save reply' })),
    )
    expect(eventsApi.recordReply).toHaveBeenCalledWith('w1', null, 'p1', null, [])
    expect(within(dialog).getByRole('alert')).toHaveTextContent("We couldn't reach the server.")
    expect(within(dialog).getByRole('radio', { name: 'No reply yet' })).toBeChecked()
  })

  test('edits the deadline and questions: add, reorder with buttons, remove, check, save', async () => {
    api.updateRsvpSettings.mockImplementation(
      async (_id: string, deadline: string | null, questions: unknown) => ({
        ...wedding,
        rsvpDeadline: deadline,
        rsvpQuestions: questions,
      }),
    )
    renderTab()
    await screen.findByRole('list', { name: 'Replies by household' })
    // The settings are a tab of their own beside the replies, not below every reply.
    expect(screen.queryByRole('form', { name: 'Deadline and questions' })).not.toBeInTheDocument()
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Deadline and questions' }))
    const form = await screen.findByRole('form', { name: 'Deadline and questions' })
    expect(screen.queryByRole('list', { name: 'Replies by household' })).not.toBeInTheDocument()
    // The app's calendar, in the screen's words, not the browser's mm/dd/yyyy field.
    const deadline = within(form).getByRole('combobox', { name: 'RSVP deadline' })
    expect(deadline).toHaveValue('Tuesday, 12 October 2027')
    fireEvent.click(deadline)
    const calendar = await screen.findByRole('dialog', { name: 'Choose the RSVP deadline' })
    fireEvent.click(within(calendar).getByRole('button', { name: 'Next month' }))
    fireEvent.click(within(calendar).getByRole('button', { name: /^Monday, 1 November 2027/ }))
    expect(deadline).toHaveValue('Monday, 1 November 2027')

    fireEvent.click(within(form).getByRole('button', { name: 'Add a question' }))
    const third = within(form).getByRole('textbox', { name: 'Text of question 3' })
    fireEvent.change(
      within(form).getByRole('combobox', { name: 'Kind of answer for question 3' }),
      { target: { value: 'choice' } },
    )
    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Save deadline and questions' })),
    )
    expect(api.updateRsvpSettings).not.toHaveBeenCalled()
    expect(within(form).getByText('Write the question.')).toBeInTheDocument()
    expect(within(form).getByText('Give at least two options, one per line.')).toBeInTheDocument()

    fireEvent.change(third, { target: { value: 'Shuttle from the church?' } })
    fireEvent.change(within(form).getByRole('textbox', { name: 'Options for question 3' }), {
      target: { value: 'Yes\nNo\n' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Move question 3 up' }))
    fireEvent.click(within(form).getByRole('button', { name: 'Remove question 3' }))
    expect(within(form).getByRole('textbox', { name: 'Text of question 2' })).toHaveValue(
      'Shuttle from the church?',
    )

    await act(async () =>
      fireEvent.click(within(form).getByRole('button', { name: 'Save deadline and questions' })),
    )
    expect(api.updateRsvpSettings).toHaveBeenCalledWith('w1', '2027-11-01', [
      { id: 'meal', question: 'Meal?', kind: 'choice', options: ['Fish', 'Beef'] },
      {
        id: expect.stringMatching(/^q-/),
        question: 'Shuttle from the church?',
        kind: 'choice',
        options: ['Yes', 'No'],
      },
    ])
    expect(within(form).getByRole('status')).toHaveTextContent('Saved.')
    expect(useSessionStore.getState().wedding?.rsvpDeadline).toBe('2027-11-01')
  })

  test('a coordinator gets the replies, without the settings that are the couple’s to change', async () => {
    useSessionStore.setState({ wedding: { ...wedding, myRole: 'coordinator', mySide: null } })
    render(
      <MemoryRouter initialEntries={['/manage/rsvps?view=settings']}>
        <RsvpsTabPage />
      </MemoryRouter>,
    )
    expect(await screen.findByRole('list', { name: 'Replies by household' })).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Deadline and questions' })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Deadline and questions' })).not.toBeInTheDocument()
    expect(invitationsApi.getRsvpRequiresCode).not.toHaveBeenCalled()
  })
})

describe('replies from other phones', () => {
  const coraAnswered: RsvpHousehold[] = [
    households[0]!,
    { ...households[1]!, persons: [person('p3', 'Cora', true)] },
  ]
  const coraChange = {
    id: 'c9',
    householdId: 'h2',
    personId: 'p3',
    firstName: 'Cora',
    lastName: 'Reyes',
    changedAt: '2027-01-04T00:00:00Z',
    changedBy: 'guest_search' as const,
    byMe: false,
    changedByName: null,
    previous: { isAttending: null, response: [], respondedAt: null, recordedBy: null },
    current: {
      isAttending: true,
      response: [],
      respondedAt: '2027-01-02T03:04:05Z',
      recordedBy: 'guest' as const,
    },
  }
  const coraLine = () =>
    within(screen.getByRole('list', { name: 'Replies by household' }))
      .getByText('Cora Reyes')
      .closest('li')!

  test('an open tab in view shows a reply a guest sent meanwhile, without being opened again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    onTestFinished(() => void vi.useRealTimers())
    renderTab()
    await screen.findByRole('list', { name: 'Replies by household' })
    expect(coraLine()).toHaveTextContent('No reply yet')
    const reads = api.listRsvpChanges.mock.calls.length

    // A guest answers on their own phone.
    serveReplies(coraAnswered)
    api.listRsvpChanges.mockResolvedValue({
      lastSeenAt: null,
      changes: [coraChange],
      probes: [],
    } satisfies RsvpChanges)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REPLY_POLL_MS)
    })
    expect(api.listRsvpChanges.mock.calls.length).toBe(reads + 1)
    await vi.waitFor(() => expect(coraLine()).toHaveTextContent('Attending'))
  })

  test('a hidden tab asks nothing, and reads at once when the couple comes back to it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    onTestFinished(() => void vi.useRealTimers())
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    onTestFinished(() => void visibility.mockRestore())
    renderTab()
    await screen.findByRole('list', { name: 'Replies by household' })
    const reads = api.listRsvpChanges.mock.calls.length
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REPLY_POLL_MS * 3)
    })
    expect(api.listRsvpChanges.mock.calls.length).toBe(reads)

    serveReplies(coraAnswered)
    api.listRsvpChanges.mockResolvedValue({
      lastSeenAt: null,
      changes: [coraChange],
      probes: [],
    } satisfies RsvpChanges)
    visibility.mockReturnValue('visible')
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(api.listRsvpChanges.mock.calls.length).toBe(reads + 1)
    await vi.waitFor(() => expect(coraLine()).toHaveTextContent('Attending'))
  })
})

describe('changes since the last visit', () => {
  const lolaChange = {
    id: 'c2',
    householdId: 'h1',
    personId: 'p1',
    firstName: 'Ana',
    lastName: 'Reyes',
    changedAt: '2027-01-03T00:00:00Z',
    changedBy: 'guest_search' as const,
    byMe: false,
    changedByName: null,
    previous: {
      isAttending: true,
      response: [],
      respondedAt: '2027-01-01T00:00:00Z',
      recordedBy: 'couple' as const,
    },
    current: {
      isAttending: false,
      response: [],
      respondedAt: '2027-01-03T00:00:00Z',
      recordedBy: 'guest' as const,
    },
  }
  const seenBefore = {
    ...lolaChange,
    id: 'c1',
    personId: 'p2',
    firstName: 'Ben',
    changedAt: '2026-12-01T00:00:00Z',
  }

  test('shows only what changed since the last visit, by whom, marks it seen, and restores in one tap', async () => {
    api.listRsvpChanges.mockResolvedValue({
      lastSeenAt: '2026-12-02T00:00:00Z',
      changes: [lolaChange, seenBefore],
      probes: [{ kind: 'search', scope: 'caller', at: '2027-01-03T01:00:00Z' }],
    } satisfies RsvpChanges)
    const restored = {
      ...households[0]!,
      persons: [person('p1', 'Ana', true, { recordedBy: 'couple' }), households[0]!.persons[1]!],
    }
    api.restoreRsvp.mockResolvedValue(restored)
    renderTab()
    const list = await screen.findByRole('list', { name: 'Reply changes' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(within(list).getByText('Ana Reyes: Attending → Not attending')).toBeInTheDocument()
    expect(within(list).getByText(/by a guest who searched their name/)).toBeInTheDocument()
    expect(screen.getByText('Your site was probed')).toBeInTheDocument()
    expect(api.markRsvpChangesSeen).toHaveBeenCalledWith('w1', '2027-01-03T00:00:00Z')

    const button = within(list).getByRole('button', { name: /^Restore/ })
    expect(button).toHaveAccessibleName("Restore Ana Reyes's earlier reply")
    await act(async () => fireEvent.click(button))
    expect(api.restoreRsvp).toHaveBeenCalledWith('w1', 'c2')
    expect(await screen.findByText("Restored Ana Reyes's earlier reply.")).toBeInTheDocument()
    // Still shown after the restore reloads the changes: this visit began before them.
    expect(screen.getByText('Ana Reyes: Attending → Not attending')).toBeInTheDocument()
  })

  test('a failed restore says so and changes nothing', async () => {
    api.listRsvpChanges.mockResolvedValue({
      lastSeenAt: null,
      changes: [lolaChange],
      probes: [],
    } satisfies RsvpChanges)
    api.restoreRsvp.mockRejectedValue(new Error('offline'))
    renderTab()
    const button = await screen.findByRole('button', { name: /^Restore/ })
    await act(async () => fireEvent.click(button))
    expect(await screen.findByText(/Couldn't restore the reply\./)).toBeInTheDocument()
    expect(screen.queryByText('Your site was probed')).not.toBeInTheDocument()
  })
})
