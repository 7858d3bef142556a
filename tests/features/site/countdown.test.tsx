import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { Countdown } from '@/features/site/components/countdown'
import {
  countdownIntervalMs,
  countdownParts,
  countdownTarget,
} from '@/features/site/model/countdown'
import { setUpI18n } from './render-site'

const at = (iso: string) => new Date(iso).getTime()

describe('countdownParts', () => {
  test('splits the time left into days, hours, minutes and seconds', () => {
    const target = at('2025-12-12T08:00:00Z')
    expect(countdownParts(target, at('2025-12-10T05:58:30Z'))).toEqual({
      days: 2,
      hours: 2,
      minutes: 1,
      seconds: 30,
      remainingMs: 180_090_000,
    })
  })

  test('the last second reads 1, and the moment itself reads all zeros', () => {
    const target = at('2025-12-12T08:00:00Z')
    expect(countdownParts(target, target - 400)).toMatchObject({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
    })
    expect(countdownParts(target, target)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      remainingMs: 0,
    })
    expect(countdownParts(target, target + 60_000)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      remainingMs: 0,
    })
  })

  test('zeros when the target is missing or not a number', () => {
    const zeros = { days: 0, hours: 0, minutes: 0, seconds: 0, remainingMs: 0 }
    expect(countdownParts(null, Date.now())).toEqual(zeros)
    expect(countdownParts(undefined, Date.now())).toEqual(zeros)
    expect(countdownParts(Number.NaN, Date.now())).toEqual(zeros)
  })
})

describe('countdownTarget', () => {
  const events = [
    { date: '2025-12-12', startTime: '18:00' },
    { date: '2025-12-12', startTime: '16:00' },
    { date: '2025-12-11', startTime: '09:00' },
  ]

  test('the wedding date at its first event’s start, in Manila (UTC+8)', () => {
    expect(countdownTarget('2025-12-12', events)).toBe(at('2025-12-12T08:00:00Z'))
  })

  test('events without a date count as on the wedding day; bad times are ignored', () => {
    expect(countdownTarget('2025-12-12', [{ startTime: '4pm' }, { startTime: '15:30' }])).toBe(
      at('2025-12-12T07:30:00Z'),
    )
  })

  test('midnight in Manila when no event has a time', () => {
    expect(countdownTarget('2025-12-12', [])).toBe(at('2025-12-11T16:00:00Z'))
    expect(countdownTarget('2025-12-12')).toBe(at('2025-12-11T16:00:00Z'))
  })

  test('null for a missing or invalid date', () => {
    for (const date of [null, undefined, '', 'bukas', '2025-02-30', '2025-13-01', '12/12/2025']) {
      expect(countdownTarget(date, events), String(date)).toBeNull()
    }
  })
})

describe('<Countdown>', () => {
  beforeAll(() => setUpI18n('fil'))
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const cells = () => Array.from(screen.getByRole('timer').children).map((cell) => cell.textContent)

  test('refreshes every second, in Filipino', () => {
    vi.setSystemTime(at('2025-12-10T05:58:30Z'))
    render(<Countdown target={at('2025-12-12T08:00:00Z')} />)
    expect(
      screen.getByRole('timer', { name: 'Natitirang panahon bago ang kasal' }),
    ).toBeInTheDocument()
    expect(cells()).toEqual(['02araw', '02oras', '01minuto', '30segundo'])

    act(() => vi.advanceTimersByTime(countdownIntervalMs))
    expect(cells()).toEqual(['02araw', '02oras', '01minuto', '29segundo'])

    act(() => vi.advanceTimersByTime(29 * countdownIntervalMs))
    expect(cells()).toEqual(['02araw', '02oras', '01minuto', '00segundo'])
  })

  test('disappears the moment the time is up, and stops ticking', () => {
    const target = at('2025-12-12T08:00:00Z')
    vi.setSystemTime(target - 2000)
    render(<Countdown target={target} />)
    expect(cells()).toEqual(['00araw', '00oras', '00minuto', '02segundo'])

    act(() => vi.advanceTimersByTime(1000))
    expect(cells()).toEqual(['00araw', '00oras', '00minuto', '01segundo'])

    act(() => vi.advanceTimersByTime(1000))
    expect(screen.queryByRole('timer')).not.toBeInTheDocument()
    expect(vi.getTimerCount()).toBe(0)
  })

  test('shows nothing when the date is missing or invalid (all zeros) or already past', () => {
    vi.setSystemTime(at('2025-12-10T00:00:00Z'))
    const { rerender } = render(<Countdown target={null} />)
    expect(screen.queryByRole('timer')).not.toBeInTheDocument()
    rerender(<Countdown target={countdownTarget('2025-02-30')} />)
    expect(screen.queryByRole('timer')).not.toBeInTheDocument()
    rerender(<Countdown target={at('2025-01-01T00:00:00Z')} />)
    expect(screen.queryByRole('timer')).not.toBeInTheDocument()
    expect(vi.getTimerCount()).toBe(0)
  })
})
