// @vitest-environment node
import Papa from 'papaparse'
import { describe, expect, test } from 'vitest'
import { eventColumns, guestCsvRows, notInvitedLabel } from '@/features/guests/model/guest-csv'
import {
  defaultEvent,
  householdsForEvent,
  indexReplies,
  isInvited,
  matchHouseholds,
  questionsFor,
  rsvpEvents,
  type EventReplyLike,
} from '@/lib/rsvp/events'
import { countReplies, filterReplies } from '@/features/rsvps/model/rsvp-list'
import { fromDrafts, toDrafts } from '@/features/rsvps/model/question-editor'
import { toCsv } from '@/lib/csv'
import { household } from '../guests/fixtures'

// A wedding of three households: the ceremony and the reception open to all (the reception
// seated), a private despedida for the Reyes only, and cocktails that take no RSVPs.
const meal = 'Anong ulam?'
const drink = 'Anong inumin sa despedida?'
const reyes = household({
  relationshipSide: 'bride',
  relationshipType: 'family',
  persons: [
    {
      firstName: 'Ana',
      lastName: 'Reyes',
      isAttending: true,
      response: [{ questionId: 'meal', question: meal, answer: 'Kare-kare' }],
    },
    { firstName: 'Ben', lastName: 'Reyes', isAttending: false, response: [] },
  ],
})
const santos = household({
  persons: [
    {
      firstName: 'Carla',
      lastName: 'Santos',
      isAttending: true,
      response: [{ questionId: 'meal', question: meal, answer: 'Manok' }],
    },
  ],
})
const dela = household({
  persons: [{ firstName: 'Dino', lastName: 'dela Cruz', isAttending: null, response: [] }],
})
const households = [reyes, santos, dela]

const event = (id: string, patch: Partial<Parameters<typeof isInvited>[0]> = {}) => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  takesRsvp: true,
  isMain: false,
  isPrivate: false,
  householdIds: [] as string[],
  ...patch,
})
const ceremony = event('ceremony')
const cocktails = event('cocktails', { takesRsvp: false })
const reception = event('reception', { isMain: true })
const despedida = event('despedida', { isPrivate: true, householdIds: [reyes.id] })
const events = [ceremony, cocktails, reception, despedida]

const replies: EventReplyLike[] = [
  // Ana comes to the ceremony, Ben does not; Carla said nothing yet; Dino comes.
  { eventId: 'ceremony', personId: reyes.persons[0]!.id, isAttending: true, response: [] },
  { eventId: 'ceremony', personId: reyes.persons[1]!.id, isAttending: false, response: [] },
  { eventId: 'ceremony', personId: dela.persons[0]!.id, isAttending: true, response: [] },
  // Ana declines the despedida, Ben comes and answers its question.
  { eventId: 'despedida', personId: reyes.persons[0]!.id, isAttending: false, response: [] },
  {
    eventId: 'despedida',
    personId: reyes.persons[1]!.id,
    isAttending: true,
    response: [{ questionId: 'drink', question: drink, answer: 'Lambanog' }],
  },
  // Kept but ignored: Carla's reply to the despedida from when her household was invited.
  { eventId: 'despedida', personId: santos.persons[0]!.id, isAttending: true, response: [] },
]
const index = indexReplies(replies)

describe('the replies per event', () => {
  test('only events that take RSVPs are chosen from, the seated one by default', () => {
    expect(rsvpEvents(events).map((item) => item.id)).toEqual([
      'ceremony',
      'reception',
      'despedida',
    ])
    expect(defaultEvent(events)?.id).toBe('reception')
    expect(defaultEvent([ceremony, despedida])?.id).toBe('ceremony')
    expect(defaultEvent([cocktails])).toBeNull()
  })

  test('with no event taking RSVPs the list is the wedding’s, as before', () => {
    const shown = householdsForEvent(households, null, index)
    expect(shown).toEqual(households)
    expect(countReplies(shown)).toEqual({
      all: 4,
      responded: 3,
      accepted: 2,
      declined: 1,
      pending: 1,
    })
  })

  test('the seated event counts the persons’ own answers', () => {
    const shown = householdsForEvent(households, reception, index)
    expect(countReplies(shown)).toEqual({
      all: 4,
      responded: 3,
      accepted: 2,
      declined: 1,
      pending: 1,
    })
    expect(shown[0]!.persons[0]!.response).toEqual(reyes.persons[0]!.response)
  })

  test('another event counts its own replies: declining one declines nothing else', () => {
    const shown = householdsForEvent(households, ceremony, index)
    expect(countReplies(shown)).toEqual({
      all: 4,
      responded: 3,
      accepted: 2,
      declined: 1,
      pending: 1,
    })
    // Ben declined the reception and the ceremony, but comes to the despedida.
    const ben = (event: typeof ceremony) =>
      householdsForEvent(households, event, index)[0]!.persons[1]!
    expect(ben(reception).isAttending).toBe(false)
    expect(ben(ceremony).isAttending).toBe(false)
    expect(ben(despedida).isAttending).toBe(true)
    expect(ben(despedida).response).toEqual([
      { questionId: 'drink', question: drink, answer: 'Lambanog' },
    ])
    // Carla has not answered the ceremony though she said yes to the reception.
    expect(householdsForEvent(households, ceremony, index)[1]!.persons[0]!.isAttending).toBeNull()
  })

  test('a private event counts only the households invited; an old reply of another is ignored', () => {
    const shown = householdsForEvent(households, despedida, index)
    expect(shown.map((item) => item.id)).toEqual([reyes.id])
    expect(countReplies(shown)).toEqual({
      all: 2,
      responded: 2,
      accepted: 1,
      declined: 1,
      pending: 0,
    })
    expect(
      filterReplies(shown, 'accepted').flatMap((item) =>
        item.persons.map((person) => person.firstName),
      ),
    ).toEqual(['Ben'])
    expect(isInvited(despedida, santos.id)).toBe(false)
    expect(isInvited(ceremony, santos.id)).toBe(true)
  })

  test('each event asks its own questions; the seated one those asked with the main answer', () => {
    const questions = [
      { id: 'meal', eventId: null },
      { id: 'song' },
      { id: 'drink', eventId: 'despedida' },
      { id: 'mass', eventId: 'ceremony' },
      { id: 'old', eventId: 'reception' },
    ]
    expect(questionsFor(questions, null).map((question) => question.id)).toEqual([
      'meal',
      'song',
      'drink',
      'mass',
      'old',
    ])
    expect(questionsFor(questions, reception).map((question) => question.id)).toEqual([
      'meal',
      'song',
      'old',
    ])
    expect(questionsFor(questions, despedida).map((question) => question.id)).toEqual(['drink'])
    expect(questionsFor(questions, ceremony).map((question) => question.id)).toEqual(['mass'])
  })

  test('the household picker finds a household by any of its names, accents aside', () => {
    expect(matchHouseholds(households, 'ben reyes').map((item) => item.id)).toEqual([reyes.id])
    expect(matchHouseholds(households, 'DÍNO').map((item) => item.id)).toEqual([dela.id])
    expect(matchHouseholds(households, '  ')).toHaveLength(3)
    expect(matchHouseholds(households, 'zzz')).toEqual([])
  })
})

describe('the questions editor with events', () => {
  test('a question asked for one event keeps it; one asked with the main answer carries none', () => {
    const questions = [
      { id: 'meal', question: meal, kind: 'text' as const },
      { id: 'drink', question: drink, kind: 'text' as const, eventId: 'despedida' },
    ]
    const drafts = toDrafts(questions)
    expect(drafts.map((draft) => draft.eventId)).toEqual([undefined, 'despedida'])
    expect(fromDrafts(drafts)).toEqual(questions)
    expect(fromDrafts([{ ...drafts[1]!, eventId: '' }])).toEqual([
      { id: 'drink', question: drink, kind: 'text' },
    ])
  })
})

describe('the CSV export with events', () => {
  test('no event taking RSVPs: the file is as before', () => {
    expect(
      guestCsvRows(households, [{ question: meal }], { events: [cocktails], replies }),
    ).toEqual(guestCsvRows(households, [{ question: meal }]))
  })

  test('one column per RSVP event; a private event says who was not invited; each event’s questions from its replies', async () => {
    const rows = guestCsvRows(households, [{ question: meal }, { question: drink }], {
      events,
      replies,
    })
    const header = rows[0]!
    expect(header.slice(6, 9)).toEqual(['RSVP: Ceremony', 'RSVP: Reception', 'RSVP: Despedida'])
    expect(header.slice(9, 11)).toEqual([meal, drink])
    const row = (firstName: string) => rows.find((cells) => cells[1] === firstName)!
    const column = (name: string) => header.indexOf(name)
    expect(row('Ana')[column('RSVP Status')]).toBe('Accepted')
    expect(row('Ana')[column('RSVP: Ceremony')]).toBe('Accepted')
    expect(row('Ana')[column('RSVP: Reception')]).toBe('Accepted')
    expect(row('Ana')[column('RSVP: Despedida')]).toBe('Declined')
    expect(row('Ana')[column(meal)]).toBe('Kare-kare')
    expect(row('Ben')[column('RSVP: Ceremony')]).toBe('Declined')
    expect(row('Ben')[column('RSVP: Despedida')]).toBe('Accepted')
    expect(row('Ben')[column(drink)]).toBe('Lambanog')
    expect(row('Carla')[column('RSVP: Ceremony')]).toBe('Pending')
    expect(row('Carla')[column('RSVP: Despedida')]).toBe(notInvitedLabel)
    expect(row('Dino')[column('RSVP: Ceremony')]).toBe('Accepted')
    expect(row('Dino')[column('RSVP: Reception')]).toBe('Pending')

    // Read back as a spreadsheet would: the counts per event are the tab's.
    const parsed = Papa.parse<string[]>((await toCsv(rows)).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data
    const tally = (name: string, value: string) =>
      parsed.slice(1).filter((cells) => cells[parsed[0]!.indexOf(name)] === value).length
    for (const item of [ceremony, reception, despedida]) {
      const counts = countReplies(householdsForEvent(households, item, index))
      expect(tally(`RSVP: ${item.name}`, 'Accepted')).toBe(counts.accepted)
      expect(tally(`RSVP: ${item.name}`, 'Declined')).toBe(counts.declined)
      expect(tally(`RSVP: ${item.name}`, 'Pending')).toBe(counts.pending)
    }
  })

  test('two events of one name get columns told apart', () => {
    expect(
      eventColumns([
        event('a', { name: 'Misa' }),
        event('b', { name: 'Misa' }),
        event('c', { name: ' ' }),
      ]),
    ).toEqual(['RSVP: Misa', 'RSVP: Misa (2)', 'RSVP: Event'])
  })
})

describe('the changes feed with events', () => {
  test('a reply to another event than the main one never becomes the person’s own answer', async () => {
    const { applyReplyChanges } = await import('@/features/rsvps/reply-sync')
    const person = {
      id: 'p1',
      householdId: 'h1',
      firstName: 'Ana',
      lastName: 'Reyes',
      type: 'adult' as const,
      isAttending: true,
      response: [],
      respondedAt: '2026-11-01T00:00:00Z',
      recordedBy: 'guest' as const,
      recordedByName: null,
    }
    const list = [{ id: 'h1', email: null, message: null, messageAt: null, persons: [person] }]
    const change = (eventId: string | null, isAttending: boolean) => ({
      id: `c-${eventId}`,
      householdId: 'h1',
      personId: 'p1',
      firstName: 'Ana',
      lastName: 'Reyes',
      changedAt: '2026-11-02T00:00:00Z',
      changedBy: 'guest_search' as const,
      byMe: false,
      changedByName: null,
      previous: { eventId, isAttending: null },
      current: {
        eventId,
        isAttending,
        respondedAt: '2026-11-02T00:00:00Z',
        recordedBy: 'guest' as const,
      },
    })
    const declinedDespedida = applyReplyChanges(list, [change('despedida', false)], null)
    expect(declinedDespedida.households).toBe(list)
    expect(declinedDespedida.changed.size).toBe(0)
    // The main answer still comes through as before.
    const declinedWedding = applyReplyChanges(list, [change(null, false)], null)
    expect(declinedWedding.households[0]!.persons[0]!.isAttending).toBe(false)
  })
})
