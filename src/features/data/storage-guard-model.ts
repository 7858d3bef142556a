// What this browser remembers about the embedded database, apart from it, so that its loss is
// noticed: plain functions over a small record, no React, no storage access (storage-guard.ts
// reads and writes it). The rule is in docs/decisions.md ("Embedded data that cannot vanish
// silently").

const DAY_MS = 24 * 60 * 60 * 1000
/** A backup older than this (or none, this long after the first use) is reminded. */
export const BACKUP_REMINDER_DAYS = 7
/** "Later" on the reminder hides it this long. */
export const REMINDER_SNOOZE_DAYS = 1

export interface StorageMarker {
  /** When a member first opened a wedding on this browser's embedded database (ISO instant). */
  firstSeenAt: string
  /** When a member last opened a wedding on it. */
  seenAt: string
  /** When a backup of the database was last downloaded here, if ever. */
  backupAt: string | null
  /**
   * The database was found gone at a start, and the couple has not answered yet: when it was last
   * seen. Kept until they restore or choose to go on without it, so a reload does not hide it.
   */
  lostSince: string | null
  /** The backup reminder stays hidden until then ("Later"). */
  snoozedUntil: string | null
  /** The iPhone/iPad advice (install or back up) was shown: it is shown once. */
  iosAdviceShown: boolean
}

const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
const instantOrNull = (value: unknown) => (isInstant(value) ? value : null)

/** The marker as stored (JSON), or null when there is none or it cannot be read. */
export function parseMarker(text: string | null): StorageMarker | null {
  if (!text) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (value === null || typeof value !== 'object') return null
  const record = value as Record<string, unknown>
  if (!isInstant(record.seenAt)) return null
  return {
    firstSeenAt: isInstant(record.firstSeenAt) ? record.firstSeenAt : record.seenAt,
    seenAt: record.seenAt,
    backupAt: instantOrNull(record.backupAt),
    lostSince: instantOrNull(record.lostSince),
    snoozedUntil: instantOrNull(record.snoozedUntil),
    iosAdviceShown: record.iosAdviceShown === true,
  }
}

/**
 * The marker's second copy, in a cookie: only its three instants, as milliseconds
 * (`1.<firstSeen>.<seen>.<backup or 0>`). A browser that empties the site's storage when space runs
 * low may keep its cookies; then the copy still tells that there was a wedding here.
 */
export function markerCookieValue(marker: StorageMarker): string {
  const ms = (at: string | null) => (at ? Date.parse(at) : 0)
  return `1.${ms(marker.firstSeenAt)}.${ms(marker.seenAt)}.${ms(marker.backupAt)}`
}

export function parseMarkerCookie(value: string | null | undefined): StorageMarker | null {
  const match = /^1\.(\d+)\.(\d+)\.(\d+)$/.exec(value ?? '')
  if (!match) return null
  const [first, seen, backup] = match.slice(1).map(Number)
  if (!seen) return null
  const at = (ms: number) => new Date(ms).toISOString()
  return {
    firstSeenAt: at(first || seen),
    seenAt: at(seen),
    backupAt: backup ? at(backup) : null,
    lostSince: null,
    snoozedUntil: null,
    iosAdviceShown: false,
  }
}

const later = (a: string | null, b: string | null) =>
  !a ? b : !b ? a : Date.parse(a) >= Date.parse(b) ? a : b
const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b)

/** The two copies as one: whichever knows more (the latest visit and backup, the first use). */
export function mergeMarkers(
  stored: StorageMarker | null,
  cookie: StorageMarker | null,
): StorageMarker | null {
  if (!stored || !cookie) return stored ?? cookie
  return {
    ...stored,
    firstSeenAt: earlier(stored.firstSeenAt, cookie.firstSeenAt),
    seenAt: later(stored.seenAt, cookie.seenAt)!,
    backupAt: later(stored.backupAt, cookie.backupAt),
  }
}

/**
 * At a start: the database was made new now (`startedEmpty`: this browser held none) although the
 * marker says a member had opened a wedding on it. Then the marker keeps `lostSince` until answered.
 */
export function checkOnStart(
  marker: StorageMarker | null,
  startedEmpty: boolean,
): StorageMarker | null {
  if (!marker) return null
  if (startedEmpty && !marker.lostSince) return { ...marker, lostSince: marker.seenAt }
  return marker
}

/** A member opened a wedding now: the marker records it (a first one starts here). */
export function markSeen(marker: StorageMarker | null, now: Date): StorageMarker {
  const at = now.toISOString()
  return marker
    ? { ...marker, seenAt: at }
    : {
        firstSeenAt: at,
        seenAt: at,
        backupAt: null,
        lostSince: null,
        snoozedUntil: null,
        iosAdviceShown: false,
      }
}

export function markBackup(marker: StorageMarker | null, now: Date): StorageMarker {
  return { ...markSeen(marker, now), backupAt: now.toISOString(), snoozedUntil: null }
}

/** Restored, or the couple goes on with the new, empty database: the loss has been answered. */
export function markLossAnswered(marker: StorageMarker, now: Date): StorageMarker {
  return { ...marker, lostSince: null, seenAt: now.toISOString() }
}

export function snoozeReminder(marker: StorageMarker, now: Date): StorageMarker {
  return {
    ...marker,
    snoozedUntil: new Date(now.getTime() + REMINDER_SNOOZE_DAYS * DAY_MS).toISOString(),
  }
}

/** Whole days from `at` to `now` (0 on the same day's hours). */
export function daysSince(at: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / DAY_MS))
}

/**
 * Whether to remind the couple to back up: the last backup is `BACKUP_REMINDER_DAYS` old or more,
 * or there has been none that long after the first use; not while "Later" holds.
 */
export function reminderDue(marker: StorageMarker | null, now: Date): boolean {
  if (!marker) return false
  if (marker.snoozedUntil && Date.parse(marker.snoozedUntil) > now.getTime()) return false
  return daysSince(marker.backupAt ?? marker.firstSeenAt, now) >= BACKUP_REMINDER_DAYS
}

/**
 * iPhone and iPad, whatever the browser (all of them are Safari's engine there and its seven-day
 * rule): an iPadOS that says "Macintosh" is told apart by its touch screen.
 */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  return (
    /\b(iPhone|iPad|iPod)\b/.test(userAgent) ||
    (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
  )
}

/** The install-or-back-up advice: on iPhone or iPad, in the browser rather than installed, once. */
export function iosAdviceDue(
  marker: StorageMarker | null,
  device: { appleMobile: boolean; installed: boolean },
): boolean {
  return device.appleMobile && !device.installed && marker?.iosAdviceShown !== true
}

export type Advice = 'ios' | 'reminder' | null

/**
 * Which advice management shows on this start, to a member who may back up: the iPhone/iPad one
 * first (once), else the backup reminder when due. None while a loss waits for an answer.
 */
export function adviceFor(
  marker: StorageMarker | null,
  device: { appleMobile: boolean; installed: boolean },
  now: Date,
): Advice {
  if (marker?.lostSince) return null
  if (iosAdviceDue(marker, device)) return 'ios'
  return reminderDue(marker, now) ? 'reminder' : null
}
