// The embedded database's marker, kept outside it (localStorage, and a cookie as a second copy),
// and the check made once per page load: was the database this browser held deleted since the last
// visit? The rules are the plain functions of storage-guard-model.ts.

import { getBackend } from '@/lib/backend'
import {
  adviceFor,
  checkOnStart,
  markBackup,
  markerCookieValue,
  markLossAnswered,
  markSeen,
  mergeMarkers,
  parseMarker,
  parseMarkerCookie,
  snoozeReminder,
  type Advice,
  type StorageMarker,
} from './storage-guard-model'

export const MARKER_KEY = 'kasalan.local.marker'
export const MARKER_COOKIE = 'kasalan_local'
/** Browsers keep a cookie at most 400 days; it is written again at every visit. */
const COOKIE_MAX_AGE_S = 400 * 24 * 3600

export interface GuardState {
  /** Checked: the embedded database's start has been compared with the marker. */
  ready: boolean
  /** This build runs on the embedded database (the marker means nothing on hosted Supabase). */
  local: boolean
  marker: StorageMarker | null
  /** The advice shown on this page load (undefined: not decided yet); it stays until answered. */
  advice: Advice | undefined
}

let state: GuardState = { ready: false, local: false, marker: null, advice: undefined }
const listeners = new Set<() => void>()
let checking: Promise<void> | undefined

function readCookie(): string | null {
  try {
    const prefix = `${MARKER_COOKIE}=`
    const found = document.cookie.split('; ').find((part) => part.startsWith(prefix))
    return found ? decodeURIComponent(found.slice(prefix.length)) : null
  } catch {
    return null
  }
}

export function readMarker(): StorageMarker | null {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(MARKER_KEY)
  } catch {
    // No storage (a private window): the cookie may still say something.
  }
  return mergeMarkers(parseMarker(stored), parseMarkerCookie(readCookie()))
}

function writeMarker(marker: StorageMarker) {
  try {
    localStorage.setItem(MARKER_KEY, JSON.stringify(marker))
  } catch {
    // Full or unavailable: the cookie below still keeps the instants.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${MARKER_COOKIE}=${markerCookieValue(marker)}; Max-Age=${COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`
}

function set(next: Partial<GuardState>) {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

function update(change: (marker: StorageMarker | null) => StorageMarker) {
  const marker = change(state.marker)
  writeMarker(marker)
  set({ marker })
}

export const storageGuard = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  getState: () => state,

  /**
   * Once per page load, before anything writes the marker: compares the embedded database's start
   * with the marker (a loss found is written down at once, so a reload still shows it).
   */
  check(): Promise<void> {
    checking ??= getBackend().then(
      (backend) => {
        if (!backend.localData) return set({ ready: true, local: false })
        const before = readMarker()
        const marker = checkOnStart(before, backend.localData.startedEmpty)
        if (marker && marker !== before) writeMarker(marker)
        set({ ready: true, local: true, marker })
      },
      () => set({ ready: true }),
    )
    return checking
  },

  /** A member opened a wedding on the embedded database. */
  seen(now = new Date()) {
    if (state.ready && state.local) update((marker) => markSeen(marker, now))
  },
  backedUp(now = new Date()) {
    if (state.local) update((marker) => markBackup(marker, now))
  },
  /** Restored, or going on without the lost data: the loss notice is answered. */
  lossAnswered(now = new Date()) {
    if (state.marker) update((marker) => markLossAnswered(marker!, now))
  },
  snooze(now = new Date()) {
    if (state.marker) update((marker) => snoozeReminder(marker!, now))
    set({ advice: null })
  },
  /** Decides once per page load which advice a member who may back up sees (the iOS one is then marked shown). */
  decideAdvice(device: { appleMobile: boolean; installed: boolean }, now = new Date()) {
    if (state.advice !== undefined || !state.ready || !state.local) return
    const advice = adviceFor(state.marker, device, now)
    if (advice === 'ios')
      update((marker) => ({ ...(marker ?? markSeen(null, now)), iosAdviceShown: true }))
    set({ advice })
  },
  dismissAdvice() {
    set({ advice: null })
  },
}
