// @vitest-environment node
// The RSVP form's data, the couple's reply counts and filter, and the questions editor's data.
import { describe, expect, test } from 'vitest'
import {
  fromDrafts,
  newQuestionId,
  optionLines,
  toDrafts,
} from '@/features/rsvps/model/question-editor'
import {
  answerEvents,
  earlierAnswer,
  initialFormValues,
  lastRespondedAt,
  replyStatus,
  seatsCounted,
  toAnswerInputs,
  wholeWedding,
  WHOLE_WEDDING,
} from '@/lib/rsvp/rsvp-form'
import { countReplies, filterReplies } from '@/features/rsvps/model/rsvp-list'

const questions = [
  { id: 'meal', question: 'Anong ulam?', kind: 'choice' as const, options: ['Kare-kare', 'Manok'] },
  { id: 'song', question: 'Anong kanta?', kind: 'text' as const },
]

describe('the RSVP form', () => {
  test('starts from what the household answered before (the whole wedding as its one event)', () => {
    const values = initialFormValues(
      [
        {
          id: 'a',
          firstName: 'Ana',
          isAttending: true,
          response: [{ questionId: 'meal', question: 'Anong ulam?', answer: 'Manok' }],
        },
        { id: 'b', firstName: 'Ben', isAttending: false, response: [] },
        { id: 'c', firstName: 'Cy', isAttending: null, response: [] },
      ],
      [wholeWedding(false)],
      questions,
      'Hello',
    )
    expect(values).toEqual({
      events: [
        {
          eventId: WHOLE_WEDDING,
          persons: [
            { personId: 'a', attendance: 'yes', answers: ['Manok', ''] },
            { personId: 'b', attendance: 'no', answers: ['', ''] },
            { personId: 'c', attendance: '', answers: ['', ''] },
          ],
        },
      ],
      message: 'Hello',
    })
  })

  test('an earlier answer is found by id, else by the question text; a choice no longer offered is dropped', () => {
    expect(earlierAnswer(questions[1]!, [{ question: 'Anong kanta?', answer: 'Sayaw' }])).toBe(
      'Sayaw',
    )
    expect(
      earlierAnswer(questions[0]!, [{ questionId: 'meal', question: 'old', answer: 'Lechon' }]),
    ).toBe('')
    expect(earlierAnswer(questions[0]!, [])).toBe('')
  })

  test('sends a choice for each answered person, trimmed answers only for those who come', () => {
    expect(
      toAnswerInputs(
        {
          events: [
            {
              eventId: WHOLE_WEDDING,
              persons: [
                { personId: 'a', attendance: 'yes', answers: ['Manok', '  Dancing Queen '] },
                { personId: 'b', attendance: 'no', answers: ['Kare-kare', 'x'] },
                { personId: 'c', attendance: '', answers: ['', ''] },
                { personId: 'd', attendance: 'yes', answers: ['', '   '] },
              ],
            },
          ],
          message: '',
        },
        [wholeWedding(false)],
        questions,
      ),
    ).toEqual([
      {
        personId: 'a',
        isAttending: true,
        response: [
          { questionId: 'meal', answer: 'Manok' },
          { questionId: 'song', answer: 'Dancing Queen' },
        ],
      },
      { personId: 'b', isAttending: false, response: [] },
      { personId: 'd', isAttending: true, response: [] },
    ])
  })

  test('a wedding whose events take no RSVPs is answered as one main event, closed with the wedding', () => {
    expect(answerEvents({ wedding: { isClosed: false } })).toEqual([wholeWedding(false)])
    expect(answerEvents({ events: [], wedding: { isClosed: true } })).toEqual([
      { id: WHOLE_WEDDING, isMain: true, isClosed: true, date: null },
    ])
    // Once an event takes RSVPs, the household answers the schedule's events, whatever the wedding's deadline.
    const events = [{ id: 'e1', isMain: true, isClosed: false }, { id: 'e2' }]
    expect(answerEvents({ events, wedding: { isClosed: true } })).toEqual(events)
  })

  test('reply status and the latest answer time', () => {
    expect([true, false, null].map(replyStatus)).toEqual(['accepted', 'declined', 'pending'])
    expect(
      lastRespondedAt([
        { respondedAt: '2027-01-01T00:00:00Z' },
        { respondedAt: null },
        { respondedAt: '2027-02-01T00:00:00Z' },
      ]),
    ).toBe('2027-02-01T00:00:00Z')
    expect(lastRespondedAt([{ respondedAt: null }])).toBeNull()
  })
})

describe('the couple’s list of replies', () => {
  const households = [
    {
      id: 'h1',
      persons: [
        { firstName: 'Ma. Cristina', lastName: 'dela Cruz Peña', isAttending: true },
        { firstName: 'Bea', lastName: 'Peña', isAttending: null },
      ],
    },
    { id: 'h2', persons: [{ firstName: 'Kevin', lastName: 'Cruz', isAttending: false }] },
  ]

  test('counts persons by reply', () => {
    expect(countReplies(households)).toEqual({
      all: 3,
      responded: 2,
      accepted: 1,
      declined: 1,
      pending: 1,
    })
  })

  test('a household kept whole by a filter is the same object, so its row need not render again', () => {
    expect(filterReplies(households, 'all')[0]).toBe(households[0])
    expect(filterReplies(households, 'all', 'kevin')[0]).toBe(households[1])
    expect(filterReplies(households, 'pending')[0]).not.toBe(households[0])
  })

  test('filters by status and name, accent- and case-blind, dropping emptied households', () => {
    expect(
      filterReplies(households, 'pending').map((h) => h.persons.map((p) => p.firstName)),
    ).toEqual([['Bea']])
    expect(filterReplies(households, 'all', 'PENA').map((h) => h.id)).toEqual(['h1'])
    expect(filterReplies(households, 'declined', 'pena')).toEqual([])
    expect(filterReplies(households, 'all').flatMap((h) => h.persons)).toHaveLength(3)
  })
})

describe('the questions editor', () => {
  test('options are one per line, trimmed, blanks and repeats dropped', () => {
    expect(optionLines(' Isda \n\nKarne\r\nIsda\n')).toEqual(['Isda', 'Karne'])
  })

  test('round-trips questions, and text questions carry no options', () => {
    expect(toDrafts(questions)).toEqual([
      { id: 'meal', question: 'Anong ulam?', kind: 'choice', options: 'Kare-kare\nManok' },
      { id: 'song', question: 'Anong kanta?', kind: 'text', options: '' },
    ])
    expect(fromDrafts(toDrafts(questions))).toEqual(questions)
    expect(fromDrafts([{ id: 'x', question: ' Q ', kind: 'text', options: 'ignored' }])).toEqual([
      { id: 'x', question: 'Q', kind: 'text' },
    ])
  })

  test('a new question id is unique and of letters, digits and dashes', () => {
    let calls = 0
    const random = () => (calls++ === 0 ? 0 : 0.5)
    const id = newQuestionId([{ id: 'q-000000' }], random)
    expect(id).not.toBe('q-000000')
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/)
  })
})

describe('the seats a household’s answers fill', () => {
  // Ana's yes was recorded by the couple; Ben said no; Cy has not answered.
  const persons = [
    {
      id: 'a',
      firstName: 'Ana',
      isAttending: true,
      hasAnswered: true,
      recordedByCouple: true,
      response: [],
    },
    { id: 'b', firstName: 'Ben', isAttending: false, hasAnswered: true, response: [] },
    { id: 'c', firstName: 'Cy', isAttending: null, hasAnswered: false, response: [] },
  ]
  const main = { id: '', isMain: true }

  test('with the code, the stored answers count as they are', () => {
    const form = [{ personId: 'c', attendance: 'yes' as const }]
    expect(seatsCounted(persons, main, form, false)).toEqual({ total: 2, fromForm: 1 })
  })

  test('by name search, everyone left out who answered counts, whatever they said', () => {
    const hidden = persons.map((person) => ({ ...person, isAttending: null }))
    const form = [{ personId: 'c', attendance: 'yes' as const }]
    expect(seatsCounted(hidden, main, form, true)).toEqual({ total: 3, fromForm: 1 })
    const everyone = ['a', 'b', 'c'].map((personId) => ({
      personId,
      attendance: personId === 'b' ? ('no' as const) : ('yes' as const),
    }))
    expect(seatsCounted(hidden, main, everyone, true)).toEqual({ total: 2, fromForm: 2 })
  })

  test('another event counts its own replies', () => {
    const withEvents = persons.map((person) => ({
      ...person,
      events: [
        {
          eventId: 'party',
          hasAnswered: person.id !== 'c',
          isAttending: person.id === 'b' ? true : null,
        },
      ],
    }))
    expect(seatsCounted(withEvents, { id: 'party' }, [], false)).toEqual({ total: 1, fromForm: 0 })
    expect(seatsCounted(withEvents, { id: 'party' }, [], true)).toEqual({ total: 2, fromForm: 0 })
  })
})
