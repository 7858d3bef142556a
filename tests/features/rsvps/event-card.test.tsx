// One event's RSVP settings on the Events screen, against a mocked API: a private event with nobody
// invited refused in words with everything ticked kept, a save the database refuses keeping the
// form, and a card following a change made elsewhere only while nothing is typed in it.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import type { Household } from '@/lib/api'
import type { WeddingEvent } from '@/lib/api/events'
import { BackendError } from '@/lib/backend'
import { setUpI18n } from '../rsvp/i18n'

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

const { EventCard } = await import('@/features/rsvps/components/event-card')
const { useEventsStore } = await import('@/features/rsvps/events-store')

const counts = {
  households: 0,
  persons: 0,
  attending: 0,
  declined: 0,
  pending: 0,
  stillToAnswer: 0,
  beyondSeats: 0,
}
const despedida = (patch: Partial<WeddingEvent> = {}): WeddingEvent => ({
  id: 'despedida',
  name: 'Despedida',
  type: 'other',
  date: '2027-12-10',
  startTime: null,
  endTime: null,
  venue: null,
  takesRsvp: false,
  deadline: null,
  effectiveDeadline: null,
  isClosed: false,
  isPrivate: false,
  isMain: false,
  householdIds: [],
  counts,
  ...patch,
})
const households = [
  { id: 'h1', persons: [{ firstName: 'Ana', lastName: 'Reyes' }] },
  { id: 'h2', persons: [{ firstName: 'Cora', lastName: 'Santos' }] },
] as unknown as Household[]

/** The card as the Events screen shows it: its event as the store has it, saves included. */
function StoredCard() {
  const event = useEventsStore((state) => state.events.find((item) => item.id === 'despedida'))
  return event ? (
    <EventCard event={event} households={households} weddingDeadline="2027-10-12" language="en" />
  ) : null
}

function renderCard(event: WeddingEvent) {
  useEventsStore.setState({ events: [event] })
  render(
    <MemoryRouter>
      <StoredCard />
    </MemoryRouter>,
  )
  /** The event as another card's save (or another phone) left it. */
  return {
    changeElsewhere: (next: WeddingEvent) => act(() => useEventsStore.setState({ events: [next] })),
  }
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement
const takes = () => checkbox('Takes RSVPs')
const isPrivate = () => checkbox('Private: only for the households I choose')
const saveButton = () => screen.getByRole('button', { name: 'Save changes' })
const nobody = 'Choose at least one household for a private event, or make it open to everyone.'

beforeAll(async () => {
  await setUpI18n('en')
})

beforeEach(() => {
  vi.clearAllMocks()
  eventsApi.listReplies.mockResolvedValue([])
  useEventsStore.setState({ weddingId: 'w1', events: [], replies: [], status: 'ready' })
})

test('a private event with nobody invited is refused in words: the search takes the focus, nothing is sent, every tick stays', async () => {
  renderCard(despedida())
  fireEvent.click(takes())
  fireEvent.click(isPrivate())
  fireEvent.click(saveButton())

  expect((await screen.findByRole('alert')).textContent).toBe(nobody)
  await waitFor(() =>
    expect(document.activeElement).toBe(
      screen.getByRole('searchbox', { name: 'Find a household' }),
    ),
  )
  expect(eventsApi.saveEventSettings).not.toHaveBeenCalled()
  expect(takes().checked).toBe(true)
  expect(isPrivate().checked).toBe(true)
  expect(saveButton()).toBeEnabled()

  // The message lasts until the next change, as it always did; then the save goes through.
  fireEvent.click(screen.getByRole('checkbox', { name: /^Ana Reyes/ }))
  expect(screen.queryByText(nobody)).toBeNull()
  eventsApi.saveEventSettings.mockImplementation(async () => [
    despedida({ takesRsvp: true, isPrivate: true, householdIds: ['h1'] }),
  ])
  fireEvent.click(saveButton())
  expect(await screen.findByText('Saved. Guests see the change right away.')).toBeTruthy()
  expect(eventsApi.saveEventSettings).toHaveBeenCalledWith('w1', 'despedida', {
    takesRsvp: true,
    deadline: null,
    isPrivate: true,
    isMain: false,
    householdIds: ['h1'],
  })
  expect(saveButton()).toBeDisabled()
})

test('a refusal goes with any change, even one that leaves the event private with nobody', async () => {
  renderCard(despedida({ takesRsvp: true }))
  fireEvent.click(isPrivate())
  fireEvent.click(saveButton())
  expect(await screen.findByText(nobody)).toBeTruthy()
  fireEvent.click(checkbox('Seated: answers fill the seating chart and the door'))
  expect(screen.queryByText(nobody)).toBeNull()
  // Seated is never private: ticking it unticks private, and unticking it shows private unticked.
  fireEvent.click(checkbox('Seated: answers fill the seating chart and the door'))
  expect(isPrivate().checked).toBe(false)
})

test('a save the database refuses says why and keeps everything ticked, and the next try saves', async () => {
  eventsApi.saveEventSettings.mockRejectedValueOnce(
    new BackendError('event_main_required', 'P0001'),
  )
  renderCard(despedida({ takesRsvp: true, isPrivate: true, householdIds: ['h2'] }))
  fireEvent.click(screen.getByRole('checkbox', { name: /^Ana Reyes/ }))
  fireEvent.click(saveButton())

  expect(
    await screen.findByText(
      'This is the seated event. Mark another event as seated before turning off its RSVPs.',
    ),
  ).toBeTruthy()
  expect(isPrivate().checked).toBe(true)
  expect((screen.getByRole('checkbox', { name: /^Ana Reyes/ }) as HTMLInputElement).checked).toBe(
    true,
  )
  expect((screen.getByRole('checkbox', { name: /^Cora Santos/ }) as HTMLInputElement).checked).toBe(
    true,
  )
  expect(screen.getByTestId('invited-count').textContent).toBe('2 households invited')

  // While it saves, the card's controls are off, as they always were.
  let answer = (_events: WeddingEvent[]) => {}
  eventsApi.saveEventSettings.mockImplementation(
    () => new Promise<WeddingEvent[]>((resolve) => (answer = resolve)),
  )
  fireEvent.click(saveButton())
  expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled()
  expect(isPrivate()).toBeDisabled()
  expect(screen.getByRole('searchbox', { name: 'Find a household' })).toBeDisabled()
  answer([despedida({ takesRsvp: true, isPrivate: true, householdIds: ['h2', 'h1'] })])
  expect(await screen.findByText('Saved. Guests see the change right away.')).toBeTruthy()
  expect(isPrivate()).toBeEnabled()
  expect(eventsApi.saveEventSettings.mock.lastCall?.[2]).toMatchObject({
    householdIds: ['h2', 'h1'],
  })
})

test('a change made elsewhere is followed while nothing is typed here, and never over what is', () => {
  const { changeElsewhere } = renderCard(despedida({ takesRsvp: true, isMain: true }))
  expect(checkbox('Seated: answers fill the seating chart and the door').checked).toBe(true)

  // Another event became the seated one: this card shows it at once, with nothing to save.
  changeElsewhere(despedida({ takesRsvp: true }))
  expect(checkbox('Seated: answers fill the seating chart and the door').checked).toBe(false)
  expect(saveButton()).toBeDisabled()

  // Something ticked here stays when the event changes elsewhere again.
  fireEvent.click(isPrivate())
  changeElsewhere(despedida({ takesRsvp: true, deadline: '2027-11-01' }))
  expect(isPrivate().checked).toBe(true)
  expect(saveButton()).toBeEnabled()
})
