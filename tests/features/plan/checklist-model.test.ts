// @vitest-environment node
// The checklist form's rules and what it saves: a due date left alone keeps following the wedding
// date, one changed is the couple's; a document keeps its validity, a task has none; and the
// timeline the couple starts from, with the church's papers and their validity.
import { describe, expect, test } from 'vitest'
import {
  byMonth,
  daysBetween,
  dueState,
  itemForm,
  itemFormErrors,
  itemInput,
} from '@/features/plan/checklist/checklist-model'
import { filipinoTimeline, timelineItems } from '@/features/plan/checklist/timeline'
import en from '@/locales/en/plan.json'
import fil from '@/locales/fil/plan.json'

const licence = {
  id: 'i1',
  title: 'Marriage licence',
  notes: '',
  category: 'documents' as const,
  dueDate: '2027-03-06',
  fixedDueDate: null,
  daysBefore: 100,
  assigneeUserId: null,
  assigneeRole: null,
  issuedOn: null,
  validDays: 120,
  done: false,
}

describe('the item form', () => {
  test('a due date left as it was keeps following the wedding date; a changed one is fixed', () => {
    const form = itemForm(licence)
    expect(form).toMatchObject({ dueDate: '2027-03-06', isDocument: true, validDays: '120' })
    expect(itemInput(form, licence)).toMatchObject({
      id: 'i1',
      dueDate: null,
      daysBefore: 100,
      validDays: 120,
      issuedOn: null,
    })
    expect(itemInput({ ...form, dueDate: '2027-02-01' }, licence)).toMatchObject({
      dueDate: '2027-02-01',
      daysBefore: null,
    })
    expect(itemInput({ ...form, dueDate: '' }, licence)).toMatchObject({
      dueDate: null,
      daysBefore: null,
    })
    // An item whose date is already the couple's stays fixed.
    const fixed = { ...licence, fixedDueDate: '2027-03-06', daysBefore: null }
    expect(itemInput(itemForm(fixed), fixed)).toMatchObject({
      dueDate: '2027-03-06',
      daysBefore: null,
    })
  })

  test('a new item has no id; an item that is no document sends no validity or issue date', () => {
    const form = {
      ...itemForm(),
      title: '  Book the church  ',
      dueDate: '2026-12-01',
      issuedOn: '2026-01-01',
    }
    const input = itemInput(form)
    expect(input).not.toHaveProperty('id')
    expect(input).toMatchObject({
      title: 'Book the church',
      dueDate: '2026-12-01',
      daysBefore: null,
      issuedOn: null,
      validDays: null,
    })
    expect(itemInput({ ...form, isDocument: true, validDays: ' 180 ' })).toMatchObject({
      issuedOn: '2026-01-01',
      validDays: 180,
    })
  })

  test('says what is wrong, field by field', () => {
    expect(itemFormErrors(itemForm())).toEqual({ title: 'titleRequired' })
    expect(
      itemFormErrors({ ...itemForm(), title: 'x'.repeat(201), notes: 'y'.repeat(2001) }),
    ).toEqual({ title: 'titleLong', notes: 'notesLong' })
    const document = { ...itemForm(licence) }
    expect(itemFormErrors(document)).toEqual({})
    for (const validDays of ['0', '3651', '1.5', '', 'ten']) {
      expect(itemFormErrors({ ...document, validDays }), validDays).toEqual({
        validDays: 'validDays',
      })
    }
    expect(itemFormErrors({ ...document, isDocument: false, validDays: 'ten' })).toEqual({})
    expect(itemFormErrors({ ...document, dueDate: '12/01/2026', issuedOn: 'soon' })).toEqual({
      dueDate: 'date',
      issuedOn: 'date',
    })
    // Every error has its words in both languages.
    for (const strings of [en, fil]) {
      for (const key of ['titleRequired', 'titleLong', 'notesLong', 'date', 'validDays']) {
        expect(strings.checklist.form.errors).toHaveProperty(key)
      }
    }
  })
})

describe('due dates', () => {
  test('overdue before today, soon within the seven days from today, nothing once done', () => {
    expect(daysBetween('2026-11-27', '2026-12-04')).toBe(7)
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1)
    expect(dueState({ done: false, dueDate: '2026-11-26' }, '2026-11-27')).toBe('overdue')
    expect(dueState({ done: false, dueDate: '2026-11-27' }, '2026-11-27')).toBe('soon')
    expect(dueState({ done: false, dueDate: '2026-12-03' }, '2026-11-27')).toBe('soon')
    expect(dueState({ done: false, dueDate: '2026-12-04' }, '2026-11-27')).toBeNull()
    expect(dueState({ done: true, dueDate: '2026-11-01' }, '2026-11-27')).toBeNull()
    expect(dueState({ done: false, dueDate: null }, '2026-11-27')).toBeNull()
  })

  test('the list groups by month in its order, undated last', () => {
    const groups = byMonth([
      { dueDate: '2026-11-30' },
      { dueDate: '2026-11-02' },
      { dueDate: '2027-01-05' },
      { dueDate: null },
    ])
    expect(groups.map((group) => [group.month, group.items.length])).toEqual([
      ['2026-11', 2],
      ['2027-01', 1],
      ['', 1],
    ])
  })
})

describe('the Filipino timeline', () => {
  test("runs from a year before to the week after, with the church's papers and their validity", () => {
    const keys = filipinoTimeline.map((item) => item.key)
    expect(new Set(keys).size).toBe(keys.length)
    expect(Math.max(...filipinoTimeline.map((item) => item.daysBefore))).toBe(365)
    expect(filipinoTimeline.find((item) => item.key === 'thank_yous')?.daysBefore).toBe(-7)
    const validity = Object.fromEntries(
      filipinoTimeline.filter((item) => item.validDays).map((item) => [item.key, item.validDays]),
    )
    expect(validity).toEqual({
      baptismal: 180,
      confirmation: 180,
      cenomar: 180,
      marriage_licence: 120,
    })
    for (const key of [
      'pre_cana',
      'canonical_interview',
      'banns',
      'sponsors',
      'final_pax',
      'invitations',
    ])
      expect(keys).toContain(key)
    // Sorted by due date, as the checklist shows it.
    const days = filipinoTimeline.map((item) => item.daysBefore)
    expect(days).toEqual([...days].sort((a, b) => b - a))
  })

  test('takes its titles in the language the couple starts in, and every key has one in both', () => {
    for (const strings of [en, fil]) {
      expect(Object.keys(strings.checklist.timeline).sort()).toEqual(
        filipinoTimeline.map((item) => item.key).sort(),
      )
    }
    const started = timelineItems(
      (key) => fil.checklist.timeline[key as keyof typeof fil.checklist.timeline],
    )
    expect(started.find((item) => item.key === 'banns')).toEqual({
      key: 'banns',
      title: 'Banns na ipo-post sa tatlong Linggo',
      category: 'church',
      daysBefore: 60,
    })
  })
})
