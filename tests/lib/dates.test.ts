// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { formatLongDate, formatTime, manilaDateTime, toManila, todayInManila } from '@/lib/dates'
import { manilaInstant } from '@/lib/manila-time'

describe('dates in Manila', () => {
  test('a wedding date and time is an instant in Manila (UTC+8)', () => {
    expect(manilaDateTime('2025-12-12', '16:00')?.toISOString()).toBe('2025-12-12T08:00:00.000Z')
    expect(manilaDateTime('2025-12-12')?.toISOString()).toBe('2025-12-11T16:00:00.000Z')
  })

  test('invalid or missing dates and times are null', () => {
    for (const [date, time] of [
      [null, '16:00'],
      ['', '16:00'],
      ['2025-02-30', '10:00'],
      ['12/12/2025', '10:00'],
      ['2025-12-12', '25:00'],
      ['2025-12-12', '4pm'],
    ] as const) {
      expect(manilaDateTime(date, time), `${date} ${time}`).toBeNull()
    }
  })

  test('long dates in Filipino and English', () => {
    expect(formatLongDate('2025-12-12', 'fil')).toBe('Biyernes, 12 Disyembre 2025')
    expect(formatLongDate('2025-12-12', 'en')).toBe('Friday, 12 December 2025')
    expect(formatLongDate('not a date', 'fil')).toBe('')
  })

  test('times read on a Manila clock', () => {
    expect(formatTime('2025-12-12', '18:30')).toBe('6:30 PM')
    expect(formatTime(null, '09:05')).toBe('9:05 AM')
    expect(formatTime('2025-12-12', null)).toBe('')
  })

  test("today is Manila's date, which runs ahead of UTC", () => {
    expect(todayInManila(new Date('2026-11-22T15:59:00Z'))).toBe('2026-11-22')
    expect(todayInManila(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23')
    expect(toManila('2026-11-22T16:00:00Z').format('HH:mm')).toBe('00:00')
  })
})

describe('the public site reads the same dates without a date library', () => {
  test('instants match the management helper, and invalid input is null', () => {
    expect(manilaInstant('2025-12-12', '16:00')).toBe(
      manilaDateTime('2025-12-12', '16:00')?.valueOf(),
    )
    expect(manilaInstant('2028-02-29')).toBe(Date.parse('2028-02-28T16:00:00Z'))
    for (const [date, time] of [
      [null, '16:00'],
      ['2025-02-30', '10:00'],
      ['2026-02-29', '00:00'],
      ['2025-12-12', '24:00'],
      ['2025-12-12', '9:00'],
    ] as const) {
      expect(manilaInstant(date, time), `${date} ${time}`).toBeNull()
    }
  })

  test('every month and weekday reads as the Filipino and English calendars name them', () => {
    expect(formatLongDate('2026-01-04', 'fil')).toBe('Linggo, 4 Enero 2026')
    expect(formatLongDate('2026-06-17', 'fil')).toBe('Miyerkules, 17 Hunyo 2026')
    expect(formatLongDate('2026-02-30', 'en')).toBe('')
    expect(formatTime('2025-12-12', '00:15')).toBe('12:15 AM')
    expect(formatTime('2025-12-12', '12:00')).toBe('12:00 PM')
    expect(formatTime('2025-02-30', '12:00')).toBe('')
  })
})
