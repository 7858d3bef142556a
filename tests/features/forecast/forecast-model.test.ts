// @vitest-environment node
import { describe, expect, test } from 'vitest'
import type { PaxForecast } from '@/lib/api/forecast'
import {
  forecastCsvRows,
  readSettings,
  settingsOnRefresh,
  settingTexts,
} from '@/features/forecast/model/forecast'

describe('readSettings', () => {
  test('reads whole numbers within each field’s bounds', () => {
    expect(readSettings({ expectedPct: ' 83 ', noShowPct: '20', walkIns: '0' })).toEqual({
      settings: { expectedPct: 83, noShowPct: 20, walkIns: 0 },
    })
    expect(readSettings(settingTexts({ expectedPct: 100, noShowPct: 50, walkIns: 1000 }))).toEqual({
      settings: { expectedPct: 100, noShowPct: 50, walkIns: 1000 },
    })
  })

  test('names every field that is blank, not whole or out of bounds', () => {
    expect(readSettings({ expectedPct: '101', noShowPct: '51', walkIns: '1001' })).toEqual({
      invalid: ['expectedPct', 'noShowPct', 'walkIns'],
    })
    expect(readSettings({ expectedPct: '', noShowPct: '15.5', walkIns: '-1' })).toEqual({
      invalid: ['expectedPct', 'noShowPct', 'walkIns'],
    })
    expect(readSettings({ expectedPct: '83', noShowPct: 'abc', walkIns: '3' })).toEqual({
      invalid: ['noShowPct'],
    })
  })
})

describe('forecastCsvRows', () => {
  const forecast: PaxForecast = {
    settings: { expectedPct: 83, noShowPct: 15, walkIns: 4 },
    households: { total: 5, answered: 1, pending: 4 },
    confirmed: { adults: 4, children: 1, total: 5 },
    declined: 1,
    pending: 7,
    noReply: 7,
    beyondSeats: 0,
    mayCome: 12,
    isPrivate: false,
    expectedFromPending: 6,
    noShows: 1,
    walkIns: 4,
    low: 10,
    high: 15,
    questions: [
      {
        id: 'meal',
        question: 'Anong ulam?',
        kind: 'choice',
        counts: [
          { answer: 'Kare-kare', count: 2 },
          { answer: 'Manok', count: 3 },
        ],
        answers: [],
        unanswered: 0,
      },
      {
        id: 'diet',
        question: 'Diyeta?',
        kind: 'text',
        counts: [],
        answers: [{ firstName: 'Ana', lastName: 'Bautista', answer: 'Walang mani' }],
        unanswered: 4,
      },
    ],
  }
  const labels = Object.fromEntries(
    [
      'wedding',
      'date',
      'range',
      'assumptions',
      'confirmedAdults',
      'confirmedChildren',
      'declined',
      'pending',
      'expectedFromPending',
      'noShows',
      'walkIns',
      'question',
      'answer',
      'count',
      'guest',
      'unanswered',
    ].map((key) => [key, key.toUpperCase()]),
  ) as unknown as Parameters<typeof forecastCsvRows>[2]

  test('the figures as label and value, then each question’s split', () => {
    expect(
      forecastCsvRows(
        forecast,
        { couple: 'Isabel & Miguel', date: '12 Dec', range: '10–15 pax', assumptions: 'Low: …' },
        labels,
      ),
    ).toEqual([
      ['WEDDING', 'Isabel & Miguel'],
      ['DATE', '12 Dec'],
      ['RANGE', '10–15 pax'],
      ['ASSUMPTIONS', 'Low: …'],
      ['CONFIRMEDADULTS', 4],
      ['CONFIRMEDCHILDREN', 1],
      ['DECLINED', 1],
      ['PENDING', 7],
      ['EXPECTEDFROMPENDING', 6],
      ['NOSHOWS', 1],
      ['WALKINS', 4],
      [],
      ['QUESTION', 'Anong ulam?'],
      ['ANSWER', 'COUNT'],
      ['Kare-kare', 2],
      ['Manok', 3],
      ['UNANSWERED', 0],
      [],
      ['QUESTION', 'Diyeta?'],
      ['GUEST', 'ANSWER'],
      ['Ana Bautista', 'Walang mani'],
      ['UNANSWERED', 4],
    ])
  })
})

describe('settingsOnRefresh', () => {
  const previous = { expectedPct: 83, noShowPct: 15, walkIns: 10 }
  const incoming = { expectedPct: 80, noShowPct: 20, walkIns: 10 }

  test('untouched fields take what another member saved', () => {
    expect(settingsOnRefresh(settingTexts(previous), previous, incoming)).toEqual(
      settingTexts(incoming),
    )
    // "010" reads as the saved 10: nothing to keep.
    expect(
      settingsOnRefresh({ ...settingTexts(previous), walkIns: '010' }, previous, incoming),
    ).toEqual(settingTexts(incoming))
  })

  test('typed and unsaved values are kept, a half-typed field too', () => {
    const typed = { ...settingTexts(previous), walkIns: '25' }
    expect(settingsOnRefresh(typed, previous, incoming)).toBe(typed)
    const half = { ...settingTexts(previous), noShowPct: '' }
    expect(settingsOnRefresh(half, previous, incoming)).toBe(half)
  })
})
