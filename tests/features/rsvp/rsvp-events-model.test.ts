// @vitest-environment node
// The guest's RSVP per event as plain data: which questions each event asks, what the form starts
// with, what is sent to submit_rsvp (the main event as the person's own answer, the others under
// `events`, closed events never), and what goes in the household's calendar.
import { describe, expect, test } from 'vitest'
import { buildEventsIcs, calendarEvents } from '@/features/rsvp/model/calendar'
import { questionsFor } from '@/lib/rsvp/events'
import {
  eventReply,
  eventsAttended,
  initialFormValues,
  lastEventRespondedAt,
  toAnswerInputs,
  withSubmittedAnswers,
} from '@/lib/rsvp/rsvp-form'

const CEREMONY = { id: 'ceremony', isMain: false, isClosed: false }
const RECEPTION = { id: 'reception', isMain: true, isClosed: false }
const DESPEDIDA = { id: 'despedida', isMain: false, isClosed: false }
const LUNCH = { id: 'lunch', isMain: false, isClosed: true }
const events = [CEREMONY, RECEPTION, DESPEDIDA, LUNCH]

const questions = [
  { id: 'song', question: 'Anong kanta?', kind: 'text' as const, eventId: null },
  {
    id: 'meal',
    question: 'Anong ulam?',
    kind: 'choice' as const,
    options: ['Kare-kare', 'Manok'],
    eventId: 'reception',
  },
  {
    id: 'ride',
    question: 'May sasakyan ka?',
    kind: 'choice' as const,
    options: ['Oo', 'Wala'],
    eventId: 'despedida',
  },
  { id: 'gift', question: 'Pasalubong?', kind: 'text' as const, eventId: 'lunch' },
]

const persons = [
  {
    id: 'ana',
    firstName: 'Ana',
    isAttending: true,
    response: [{ questionId: 'meal', question: 'Anong ulam?', answer: 'Manok' }],
    respondedAt: '2027-01-02T00:00:00Z',
    events: [
      {
        eventId: 'ceremony',
        hasAnswered: true,
        isAttending: false,
        response: [],
        respondedAt: '2027-01-03T00:00:00Z',
      },
      {
        eventId: 'reception',
        hasAnswered: true,
        isAttending: true,
        response: [],
        respondedAt: '2027-01-02T00:00:00Z',
      },
      {
        eventId: 'despedida',
        hasAnswered: false,
        isAttending: null,
        response: [],
        respondedAt: null,
      },
      {
        eventId: 'lunch',
        hasAnswered: true,
        isAttending: true,
        response: [{ questionId: 'gift', question: 'Pasalubong?', answer: 'Ube' }],
        respondedAt: '2027-01-01T00:00:00Z',
      },
    ],
  },
  { id: 'ben', firstName: 'Ben', isAttending: null, response: [], respondedAt: null, events: [] },
]

describe('questions per event', () => {
  test('the main event asks the questions asked with the main answer and its own; another event only its own', () => {
    expect(questionsFor(questions, RECEPTION).map((question) => question.id)).toEqual([
      'song',
      'meal',
    ])
    expect(questionsFor(questions, CEREMONY)).toEqual([])
    expect(questionsFor(questions, DESPEDIDA).map((question) => question.id)).toEqual(['ride'])
  })
})

describe('the form per event', () => {
  test('a person’s answer to the main event is their own; to another, their reply to it (none: pending)', () => {
    expect(eventReply(persons[0]!, RECEPTION)).toMatchObject({
      isAttending: true,
      response: persons[0]!.response,
    })
    expect(eventReply(persons[0]!, CEREMONY)).toMatchObject({
      isAttending: false,
      hasAnswered: true,
    })
    expect(eventReply(persons[1]!, DESPEDIDA)).toEqual({
      isAttending: null,
      response: [],
      hasAnswered: false,
      respondedAt: null,
    })
  })

  test('starts from what each person answered to each open event; a closed event is not in the form', () => {
    expect(initialFormValues(persons, events, questions, null)).toEqual({
      events: [
        {
          eventId: 'ceremony',
          persons: [
            { personId: 'ana', attendance: 'no', answers: [] },
            { personId: 'ben', attendance: '', answers: [] },
          ],
        },
        {
          eventId: 'reception',
          persons: [
            { personId: 'ana', attendance: 'yes', answers: ['', 'Manok'] },
            { personId: 'ben', attendance: '', answers: ['', ''] },
          ],
        },
        {
          eventId: 'despedida',
          persons: [
            { personId: 'ana', attendance: '', answers: [''] },
            { personId: 'ben', attendance: '', answers: [''] },
          ],
        },
      ],
      message: '',
    })
  })

  test('sends every open event by its id, the main one too, answers only for a yes', () => {
    const answers = toAnswerInputs(
      {
        events: [
          {
            eventId: 'ceremony',
            persons: [
              { personId: 'ana', attendance: 'yes', answers: [] },
              { personId: 'ben', attendance: 'yes', answers: [] },
            ],
          },
          {
            eventId: 'reception',
            persons: [
              { personId: 'ana', attendance: 'yes', answers: [' Buwan ', 'Kare-kare'] },
              { personId: 'ben', attendance: 'no', answers: ['x', 'Manok'] },
            ],
          },
          {
            eventId: 'despedida',
            persons: [
              { personId: 'ana', attendance: 'no', answers: ['Oo'] },
              { personId: 'ben', attendance: 'yes', answers: ['Wala'] },
            ],
          },
          // Values of a closed event (a stale form) are never sent.
          { eventId: 'lunch', persons: [{ personId: 'ana', attendance: 'no', answers: [''] }] },
        ],
        message: '',
      },
      events,
      questions,
    )
    expect(answers).toEqual([
      {
        personId: 'ana',
        events: [
          { eventId: 'ceremony', isAttending: true, response: [] },
          {
            eventId: 'reception',
            isAttending: true,
            response: [
              { questionId: 'song', answer: 'Buwan' },
              { questionId: 'meal', answer: 'Kare-kare' },
            ],
          },
          { eventId: 'despedida', isAttending: false, response: [] },
        ],
      },
      {
        personId: 'ben',
        events: [
          { eventId: 'ceremony', isAttending: true, response: [] },
          { eventId: 'reception', isAttending: false, response: [] },
          {
            eventId: 'despedida',
            isAttending: true,
            response: [{ questionId: 'ride', answer: 'Wala' }],
          },
        ],
      },
    ])
    // The main event too is named by its id, never as the person's own answer.
    expect(answers.every((entry) => !('isAttending' in entry))).toBe(true)
  })

  test('with the main event closed, only the other events are sent; a person with no choice is left out', () => {
    const closedMain = [CEREMONY, { ...RECEPTION, isClosed: true }]
    const answers = toAnswerInputs(
      {
        events: [
          {
            eventId: 'ceremony',
            persons: [
              { personId: 'ana', attendance: 'no', answers: [] },
              { personId: 'ben', attendance: '', answers: [] },
            ],
          },
          {
            eventId: 'reception',
            persons: [{ personId: 'ana', attendance: 'yes', answers: ['', 'Manok'] }],
          },
        ],
        message: '',
      },
      closedMain,
      questions,
    )
    expect(answers).toEqual([
      { personId: 'ana', events: [{ eventId: 'ceremony', isAttending: false, response: [] }] },
    ])
  })

  test('what a guest without the code just sent is shown per event, the main one as the person’s own too', () => {
    const blank = {
      events,
      wedding: { rsvpQuestions: questions },
      household: {
        message: null,
        persons: [
          {
            id: 'ana',
            firstName: 'Ana',
            isAttending: null,
            response: [],
            respondedAt: null,
            hasAnswered: true,
            events: events.map((event) => ({
              eventId: event.id,
              hasAnswered: true,
              isAttending: null,
              response: [],
              respondedAt: null,
            })),
          },
        ],
      },
    }
    const shown = withSubmittedAnswers(
      blank,
      [
        {
          personId: 'ana',
          isAttending: true,
          response: [{ questionId: 'meal', answer: 'Manok' }],
          events: [{ eventId: 'despedida', isAttending: false, response: [] }],
        },
      ],
      null,
      '2027-02-02T00:00:00Z',
    )
    const ana = shown.household.persons[0]!
    expect(ana).toMatchObject({
      isAttending: true,
      respondedAt: '2027-02-02T00:00:00Z',
      response: [{ questionId: 'meal', question: 'Anong ulam?', answer: 'Manok' }],
    })
    expect(ana.events.map((reply) => [reply.eventId, reply.isAttending])).toEqual([
      ['ceremony', null],
      ['reception', true],
      ['despedida', false],
      ['lunch', null],
    ])
    expect(eventsAttended(events, shown.household.persons).map((event) => event.id)).toEqual([
      'reception',
    ])

    // The main event sent by its id is the person's own answer too.
    const byId = withSubmittedAnswers(
      blank,
      [{ personId: 'ana', events: [{ eventId: 'reception', isAttending: false, response: [] }] }],
      null,
    )
    expect(byId.household.persons[0]).toMatchObject({ isAttending: false, hasAnswered: true })
    expect(
      byId.household.persons[0]!.events.find((reply) => reply.eventId === 'reception')?.isAttending,
    ).toBe(false)
  })

  test('the latest answer time counts every event', () => {
    expect(lastEventRespondedAt(persons)).toBe('2027-01-03T00:00:00Z')
    expect(lastEventRespondedAt([persons[1]!])).toBeNull()
  })

  test('the events the household comes to: anyone’s yes counts, a no or pending does not', () => {
    expect(eventsAttended(events, persons).map((event) => event.id)).toEqual(['reception', 'lunch'])
  })
})

describe('the calendar per event', () => {
  const schedule = [
    {
      name: 'Seremonya',
      date: '2027-12-12',
      startTime: '15:00',
      endTime: '16:00',
      venue: 'Kapilya',
      street: null,
      city: 'Baguio City',
    },
    { name: 'Cocktails', date: '2027-12-12', startTime: '17:00', venue: 'Hardin' },
    {
      name: 'Handaan',
      date: '2027-12-12',
      startTime: '18:00',
      endTime: '22:00',
      venue: 'Hardin',
      city: 'Baguio City',
    },
    { name: 'Despedida', date: '2027-12-10', startTime: '19:00', venue: 'Bahay ni Lola' },
  ]
  const rsvpEvents = [
    {
      id: 'ceremony',
      name: 'Seremonya',
      date: '2027-12-12',
      startTime: '15:00',
      endTime: '16:00',
      venue: 'Kapilya',
    },
    {
      id: 'reception',
      name: 'Handaan',
      date: '2027-12-12',
      startTime: '18:00',
      endTime: '22:00',
      venue: 'Hardin',
    },
    {
      id: 'despedida',
      name: 'Despedida',
      date: '2027-12-10',
      startTime: '19:00',
      venue: 'Bahay ni Lola',
    },
  ]

  test('holds the RSVP events said yes to and the events open to all, never one declined', () => {
    const chosen = calendarEvents(schedule, rsvpEvents, [rsvpEvents[0]!, rsvpEvents[1]!])
    expect(chosen.map((event) => event.name)).toEqual(['Seremonya', 'Cocktails', 'Handaan'])
    // The schedule's address stays with the event.
    expect(chosen[0]).toMatchObject({ id: 'ceremony', city: 'Baguio City' })
  })

  test('a schedule with ids matches by id', () => {
    const withIds = schedule.map((part, index) => ({
      ...part,
      id: ['ceremony', 'cocktails', 'reception', 'despedida'][index],
    }))
    expect(calendarEvents(withIds, rsvpEvents, [rsvpEvents[2]!]).map((event) => event.id)).toEqual([
      'cocktails',
      'despedida',
    ])
  })

  test('one VEVENT per event, each at its own day and time', () => {
    const now = new Date(Date.UTC(2027, 0, 5))
    const ics = buildEventsIcs({
      uidPrefix: 'wedding-a',
      events: [rsvpEvents[0]!, rsvpEvents[2]!, { id: 'x', name: 'Walang petsa' }],
      title: (event) => `${event.name} · Kasal`,
      date: '2027-12-12',
      now,
    })!
    const lines = ics.replace(/\r\n /g, '').split('\r\n')
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(3)
    expect(lines).toContain('UID:wedding-a-ceremony@kasalan.ph')
    expect(lines).toContain('DTSTART:20271212T070000Z')
    expect(lines).toContain('DTEND:20271212T080000Z')
    expect(lines).toContain('SUMMARY:Despedida · Kasal')
    expect(lines).toContain('DTSTART:20271210T110000Z')
    // Without a date of its own, an event is on the wedding day, all day without a time.
    expect(lines).toContain('DTSTART;VALUE=DATE:20271212')
    expect(ics).not.toContain('Handaan')
    expect(
      buildEventsIcs({ uidPrefix: 'w', events: [], title: () => '', date: '2027-12-12', now }),
    ).toBeNull()
  })
})
