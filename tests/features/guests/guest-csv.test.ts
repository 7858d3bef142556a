// @vitest-environment node
import Papa from 'papaparse'
import { describe, expect, test } from 'vitest'
import {
  guestCsvColumns,
  guestCsvFileName,
  guestCsvRows,
  questionColumns,
} from '@/features/guests/model/guest-csv'
import { relationLabel } from '@/features/guests/model/relation'
import { BOM, toCsv } from '@/lib/csv'
import { household } from './fixtures'

const meal = 'Anong ulam ang gusto mo sa hapunan?'
const song = 'Anong kanta ang magpapasayaw sa iyo?'
const questions = [{ question: meal }, { question: song }]

const households = [
  household({
    seatCap: 2,
    phone: '+63 917 555 0101',
    relationshipSide: 'groom',
    relationshipType: 'family',
    persons: [
      {
        firstName: 'Ramon',
        lastName: 'Peña',
        isAttending: true,
        response: [
          { question: meal, answer: 'Kare-kare' },
          { question: song, answer: '=1+1' },
        ],
      },
      { firstName: 'Paolo', lastName: 'Peña', type: 'child', isAttending: false, response: [] },
    ],
  }),
  household({
    phone: null,
    relationshipSide: 'both',
    relationshipType: 'friend',
    persons: [
      {
        firstName: '@Ana',
        lastName: 'Reyes, Jr.',
        response: [{ question: 'Old question', answer: 'kept "quoted"' }],
      },
    ],
  }),
]

test('the file name carries the date', () => {
  expect(guestCsvFileName('2026-03-14')).toBe('guests-2026-03-14.csv')
})

test('one column per distinct question: the wedding’s first, then answered ones', () => {
  expect(questionColumns(questions, households)).toEqual([meal, song, 'Old question'])
})

describe('guestCsvRows', () => {
  const rows = guestCsvRows(households, questions)

  test('has the spec’s columns, in order, then the questions, then the household and its seats', () => {
    expect(rows[0]).toEqual([
      'Last Name',
      'First Name',
      'Contact Number',
      'RSVP Status',
      'Relation',
      'Adult/Child',
      meal,
      song,
      'Old question',
      'Household',
      'Seats Reserved',
    ])
    expect(rows[0]!.slice(0, 6)).toEqual([...guestCsvColumns])
  })

  test('has one row per person', () => {
    expect(rows).toHaveLength(1 + 3)
  })

  test('the written file parses back, cell for cell, with formulas defused', async () => {
    const csv = await toCsv(rows)
    expect(csv.startsWith(BOM)).toBe(true)
    const parsed = Papa.parse<string[]>(csv.slice(BOM.length), { skipEmptyLines: true }).data
    expect(parsed).toEqual([
      [
        'Last Name',
        'First Name',
        'Contact Number',
        'RSVP Status',
        'Relation',
        'Adult/Child',
        meal,
        song,
        'Old question',
        'Household',
        'Seats Reserved',
      ],
      [
        'Peña',
        'Ramon',
        "'+63 917 555 0101",
        'Accepted',
        "groom's Family",
        'Adult',
        'Kare-kare',
        "'=1+1",
        '',
        '1',
        '2',
      ],
      [
        'Peña',
        'Paolo',
        "'+63 917 555 0101",
        'Declined',
        "groom's Family",
        'Child',
        '',
        '',
        '',
        '1',
        '2',
      ],
      [
        'Reyes, Jr.',
        "'@Ana",
        '',
        'Pending',
        'Common Friends',
        'Adult',
        '',
        '',
        'kept "quoted"',
        '2',
        '',
      ],
    ])
  })
})

describe('relationLabel', () => {
  test('uses the spec’s filter labels', () => {
    expect(relationLabel('groom', 'family')).toBe("groom's Family")
    expect(relationLabel('bride', 'family')).toBe("bride's Family")
    expect(relationLabel('both', 'friend')).toBe('Common Friends')
    expect(relationLabel(null, 'friend')).toBe('Friends')
    expect(relationLabel(null, 'familyFriend')).toBe('Family Friends')
    expect(relationLabel(null, 'others')).toBe('Others')
  })

  test('says the side of the other pairs too, and nothing for none', () => {
    expect(relationLabel('bride', 'friend')).toBe("bride's Friends")
    expect(relationLabel('groom', 'others')).toBe("Others, groom's side")
    expect(relationLabel('bride', null)).toBe("bride's side")
    expect(relationLabel(null, null)).toBe('')
  })
})
