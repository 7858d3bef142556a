// The embedded database's marker: when a start counts as a loss, when the backup is reminded, and
// where the iPhone/iPad advice is given. Plain functions, no storage.
import { describe, expect, test } from 'vitest'
import {
  adviceFor,
  checkOnStart,
  daysSince,
  isAppleMobile,
  markBackup,
  markerCookieValue,
  markLossAnswered,
  markSeen,
  mergeMarkers,
  parseMarker,
  parseMarkerCookie,
  reminderDue,
  snoozeReminder,
  type StorageMarker,
} from '@/features/data/storage-guard-model'

const DAY = 24 * 3600 * 1000
const now = new Date('2026-11-28T10:00:00.000Z')
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString()
const marker = (fields: Partial<StorageMarker> = {}): StorageMarker => ({
  firstSeenAt: ago(30),
  seenAt: ago(2),
  backupAt: null,
  lostSince: null,
  snoozedUntil: null,
  iosAdviceShown: false,
  ...fields,
})

describe('the loss of the embedded database', () => {
  test('a start that made a new database where a member had opened a wedding is a loss, dated by the last visit', () => {
    expect(checkOnStart(marker(), true)?.lostSince).toBe(ago(2))
  })

  test('a start that opened the database kept here, or a browser with no marker, is not', () => {
    expect(checkOnStart(marker(), false)?.lostSince).toBeNull()
    expect(checkOnStart(null, true)).toBeNull()
  })

  test('a loss stays until answered, even when the next start finds the (new) database', () => {
    const lost = checkOnStart(marker(), true)!
    const seenAgain = markSeen(lost, now)
    expect(checkOnStart(seenAgain, false)?.lostSince).toBe(ago(2))
    // A second start that also finds nothing keeps the first date, not this visit's.
    expect(checkOnStart(seenAgain, true)?.lostSince).toBe(ago(2))
    const answered = markLossAnswered(seenAgain, now)
    expect(answered.lostSince).toBeNull()
    expect(checkOnStart(answered, false)?.lostSince).toBeNull()
  })
})

describe('the marker as stored', () => {
  test('reads back what was written, and refuses what is not a marker', () => {
    const written = markBackup(markSeen(null, new Date(ago(10))), now)
    expect(parseMarker(JSON.stringify(written))).toEqual(written)
    expect(parseMarker(null)).toBeNull()
    expect(parseMarker('not json')).toBeNull()
    expect(parseMarker('{"seenAt":"yesterday"}')).toBeNull()
    expect(parseMarker('{"seenAt":"2026-11-01T00:00:00.000Z"}')).toEqual(
      marker({ firstSeenAt: '2026-11-01T00:00:00.000Z', seenAt: '2026-11-01T00:00:00.000Z' }),
    )
  })

  test('the cookie keeps the three instants, and the two copies merge to what either knows', () => {
    const full = marker({ backupAt: ago(9), iosAdviceShown: true })
    const cookie = parseMarkerCookie(markerCookieValue(full))
    expect(cookie).toEqual(marker({ backupAt: ago(9) }))
    expect(parseMarkerCookie('1.x.2.3')).toBeNull()
    expect(parseMarkerCookie(undefined)).toBeNull()
    // localStorage emptied, the cookie kept: the cookie alone still says there was a wedding here.
    expect(mergeMarkers(null, cookie)).toEqual(cookie)
    // A later visit in the cookie, a later backup in storage.
    const merged = mergeMarkers(
      marker({ seenAt: ago(5), backupAt: ago(1), iosAdviceShown: true }),
      marker({ seenAt: ago(1), backupAt: ago(9) }),
    )
    expect(merged).toMatchObject({ seenAt: ago(1), backupAt: ago(1), iosAdviceShown: true })
  })
})

describe('the backup reminder', () => {
  test('comes when the last backup is 7 days old, not at 6', () => {
    expect(reminderDue(marker({ backupAt: ago(6.9) }), now)).toBe(false)
    expect(reminderDue(marker({ backupAt: ago(7) }), now)).toBe(true)
    expect(daysSince(ago(9.5), now)).toBe(9)
  })

  test('with no backup, 7 days after the first use', () => {
    expect(reminderDue(marker({ firstSeenAt: ago(3) }), now)).toBe(false)
    expect(reminderDue(marker({ firstSeenAt: ago(8) }), now)).toBe(true)
    expect(reminderDue(null, now)).toBe(false)
  })

  test('"later" holds for a day; a backup ends it', () => {
    const snoozed = snoozeReminder(marker({ backupAt: ago(9) }), now)
    expect(reminderDue(snoozed, new Date(now.getTime() + DAY - 1000))).toBe(false)
    expect(reminderDue(snoozed, new Date(now.getTime() + DAY + 1000))).toBe(true)
    expect(reminderDue(markBackup(snoozed, now), now)).toBe(false)
  })
})

describe('the iPhone and iPad advice', () => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
  const ipadOs =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15'
  const chromeIos =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1'
  const android =
    'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

  test('knows an iPhone, an iPad that says Macintosh, and every browser there; not a Mac or Android', () => {
    expect(isAppleMobile(iphone, 5)).toBe(true)
    expect(isAppleMobile(ipadOs, 5)).toBe(true)
    expect(isAppleMobile(chromeIos, 5)).toBe(true)
    expect(isAppleMobile(ipadOs, 0)).toBe(false)
    expect(isAppleMobile(android, 5)).toBe(false)
  })

  test('is given once, in the browser, before the reminder; never while a loss waits', () => {
    const device = { appleMobile: true, installed: false }
    expect(adviceFor(marker({ backupAt: ago(9) }), device, now)).toBe('ios')
    expect(adviceFor(marker({ backupAt: ago(9), iosAdviceShown: true }), device, now)).toBe(
      'reminder',
    )
    expect(adviceFor(marker(), { appleMobile: true, installed: true }, now)).toBe('reminder')
    expect(
      adviceFor(marker({ backupAt: ago(1) }), { appleMobile: false, installed: false }, now),
    ).toBeNull()
    expect(adviceFor(marker({ lostSince: ago(2) }), device, now)).toBeNull()
  })
})
