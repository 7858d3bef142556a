// @vitest-environment node
// The wedding's add-to-calendar file (RFC 5545).
import { describe, expect, test } from 'vitest'
import {
  buildWeddingIcs,
  escapeText,
  foldLine,
  weddingDaySpan,
} from '@/features/rsvp/model/calendar'

const now = new Date(Date.UTC(2027, 0, 5, 3, 4, 5))

const parts = [
  {
    name: 'Seremonya',
    date: '2027-12-12',
    startTime: '16:00',
    endTime: '17:00',
    venue: 'Kapilya ng San Isidro',
    street: 'Km. 4 Daang Burol',
    city: 'Baguio City',
  },
  {
    name: 'Hapunan',
    date: '2027-12-12',
    startTime: '18:30',
    endTime: '20:00',
    venue: 'Hardin ng Pinagpala',
  },
]

function lines(ics: string) {
  // Unfold continuation lines first (RFC 5545 3.1).
  return ics.replace(/\r\n /g, '').split('\r\n')
}

describe('buildWeddingIcs', () => {
  test('a timed event from the first start to the last end, Manila time written in UTC', () => {
    const ics = buildWeddingIcs({
      uid: 'wedding-isabel-and-miguel@kasalan.ph',
      title: 'Kasal nina Isabel at Miguel',
      date: '2027-12-12',
      parts,
      now,
    })!
    const all = lines(ics)
    expect(all).toContain('DTSTART:20271212T080000Z')
    expect(all).toContain('DTEND:20271212T120000Z')
    expect(all).toContain('DTSTAMP:20270105T030405Z')
    expect(all).toContain('UID:wedding-isabel-and-miguel@kasalan.ph')
    expect(all).toContain('SUMMARY:Kasal nina Isabel at Miguel')
    expect(all).toContain('LOCATION:Kapilya ng San Isidro\\, Km. 4 Daang Burol\\, Baguio City')
    expect(all.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0'])
    expect(all).toContain('BEGIN:VEVENT')
    expect(all.at(-2)).toBe('END:VCALENDAR')
  })

  test('every line ends with CRLF, and no bare LF or CR is left', () => {
    const ics = buildWeddingIcs({
      uid: 'u',
      title: 'Kasal',
      date: '2027-12-12',
      description: 'Una\nIkalawa\r\nIkatlo',
      now,
    })!
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    expect(lines(ics)).toContain('DESCRIPTION:Una\\nIkalawa\\nIkatlo')
  })

  test('a day without times is an all-day event', () => {
    const all = lines(
      buildWeddingIcs({
        uid: 'u',
        title: 'Kasal',
        date: '2027-12-31',
        parts: [{ name: 'Kasal' }],
        location: 'Baguio',
        now,
      })!,
    )
    expect(all).toContain('DTSTART;VALUE=DATE:20271231')
    expect(all).toContain('DTEND;VALUE=DATE:20280101')
    expect(all).toContain('LOCATION:Baguio')
  })

  test('no valid date, no file', () => {
    for (const date of [null, undefined, '', '2027-02-30', '12/12/2027']) {
      expect(buildWeddingIcs({ uid: 'u', title: 'Kasal', date, now }), String(date)).toBeNull()
    }
  })

  test('only http(s) links are written as URL', () => {
    const withUrl = lines(
      buildWeddingIcs({
        uid: 'u',
        title: 'K',
        date: '2027-12-12',
        url: 'https://kasalan.ph/wedding/a',
        now,
      })!,
    )
    expect(withUrl).toContain('URL:https://kasalan.ph/wedding/a')
    const bad = buildWeddingIcs({
      uid: 'u',
      title: 'K',
      date: '2027-12-12',
      url: 'javascript:alert(1)',
      now,
    })!
    expect(bad).not.toContain('URL:')
  })
})

describe('weddingDaySpan', () => {
  test('a start without an end lasts four hours; parts of other days are left out', () => {
    expect(weddingDaySpan('2027-12-12', [{ startTime: '16:00' }])).toEqual({
      start: 960,
      end: 1200,
    })
    expect(
      weddingDaySpan('2027-12-12', [
        { startTime: '16:00', endTime: '17:00' },
        { date: '2027-12-13', startTime: '09:00', endTime: '23:00' },
      ]),
    ).toEqual({
      start: 960,
      end: 1020,
    })
    expect(weddingDaySpan('2027-12-12', [{ startTime: '4 PM' }])).toBeNull()
  })
})

describe('escapeText and foldLine', () => {
  test('backslash, semicolon, comma and newlines are escaped', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne')
  })

  test('long lines fold at 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'Peña '.repeat(40)}`
    const folded = foldLine(long)
    const encoder = new TextEncoder()
    for (const line of folded.split('\r\n'))
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75)
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((line) => line.startsWith(' ')),
    ).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe(long)
    expect(folded).not.toContain('\uFFFD')
    expect(foldLine('SHORT:line')).toBe('SHORT:line')
  })
})
