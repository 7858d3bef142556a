// The door's list on one phone, kept in step with the other ushers' and safe on a poor signal:
//  - the roster is kept in the phone's storage, so the screen opens (and finds names) offline;
//  - every arrival, undo and walk-in is first put in a queue in the phone's storage (it survives a
//    reload), shown at once, and sent when the phone is online: on hosted Supabase and on the
//    embedded database alike, "online" is the browser's own word (navigator.onLine) and a call
//    failing on the network;
//  - each action carries an id made here, so one sent twice (its answer lost) is applied once;
//  - while the screen is open it asks every few seconds what changed since the version it last saw.

import {
  getCheckinChanges,
  getCheckinRoster,
  recordCheckins,
  type CheckinAction,
  type CheckinRefusal,
  type CheckinRoster,
  type WalkIn,
} from '@/lib/api/checkin'
import { isNetworkError } from '@/lib/backend'
import { STORAGE_PREFIX } from '@/lib/door-storage'
import { withQueued, type DoorState } from './checkin-model'

/** The wedding whose door this browser showed last (its list is kept under `roster.<id>`). */
const LAST_DOOR_KEY = `${STORAGE_PREFIX}last`

/**
 * The wedding whose door list this browser keeps, when it showed one: a reload with no network on
 * hosted Supabase cannot ask which wedding is open, and the door opens on this one instead. Cleared
 * with the rest of the door's keys on sign-out.
 */
export function keptDoorWedding(
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): string | null {
  try {
    const weddingId = storage.getItem(LAST_DOOR_KEY)
    return weddingId && storage.getItem(`${STORAGE_PREFIX}roster.${weddingId}`) ? weddingId : null
  } catch {
    return null
  }
}

/** How often an open screen asks what the other ushers did. */
export const POLL_MS = 3000
/** The most actions one call sends. */
export const BATCH = 200
/** How often an open screen reads the whole list again (households added or re-seated on the day). */
export const ROSTER_MS = 5 * 60 * 1000
export interface Refused {
  action: CheckinAction
  code: CheckinRefusal | undefined
}

export interface DoorSnapshot {
  roster: CheckinRoster | null
  /** What the screen shows: the server's state with the queue laid over it. */
  state: DoorState
  /** Actions kept on the phone, not yet accepted by the server. */
  waiting: number
  online: boolean
  sending: boolean
  /** A load or send that failed for another reason than the network (shown, never only logged). */
  error: unknown
  /** Actions the server refused (a table filled up meanwhile): shown until dismissed. */
  refused: Refused[]
}

/** Where the phone keeps things: localStorage, which survives a reload and a closed tab. */
export interface DoorStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface DoorDeps {
  getRoster: typeof getCheckinRoster
  getChanges: typeof getCheckinChanges
  record: typeof recordCheckins
  storage: DoorStorage
  isOnline(): boolean
}

const defaultDeps = (): DoorDeps => ({
  getRoster: getCheckinRoster,
  getChanges: getCheckinChanges,
  record: recordCheckins,
  storage: window.localStorage,
  isOnline: () => navigator.onLine,
})

const EMPTY: DoorState = { arrived: new Set(), walkIns: new Map() }

export class DoorSync {
  private roster: CheckinRoster | null = null
  private server: DoorState = EMPTY
  private version: number | null = null
  private queue: CheckinAction[]
  private snapshot: DoorSnapshot
  private listeners = new Set<() => void>()
  private sending: Promise<void> | null = null
  private polling: Promise<void> | null = null
  private error: unknown = null
  private refused: Refused[] = []
  /** The queue's ids as last read from or written to the phone's storage (see saveQueue). */
  private stored = new Set<string>()
  private stopped = false
  private reloading: Promise<boolean> | null = null
  /** When the roster was last read from the server (ms since the epoch). */
  private readAt = 0
  private readonly deps: DoorDeps
  private readonly queueKey: string
  private readonly rosterKey: string

  constructor(
    readonly weddingId: string,
    deps?: Partial<DoorDeps>,
  ) {
    this.deps = { ...defaultDeps(), ...deps }
    this.queueKey = `${STORAGE_PREFIX}queue.${weddingId}`
    this.rosterKey = `${STORAGE_PREFIX}roster.${weddingId}`
    this.queue = this.read<CheckinAction[]>(this.queueKey) ?? []
    this.stored = new Set(this.queue.map((action) => action.id))
    const kept = this.read<CheckinRoster>(this.rosterKey)
    if (kept) this.takeRoster(kept)
    this.snapshot = this.makeSnapshot()
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  getSnapshot = () => this.snapshot

  /** Reads the whole roster (when online), then sends what is waiting. */
  async load(): Promise<void> {
    this.stopped = false
    if (!this.deps.isOnline()) {
      this.changed()
      return
    }
    await this.reloadRoster()
    await this.flush()
  }

  /** The screen is gone: no more sends or polls from this instance (another may have the queue). */
  stop() {
    this.stopped = true
  }

  /**
   * Reads the whole roster again (a household added or re-seated on the day), when online.
   * Resolves true when a fresh roster was read, or one was read less than `maxAgeMs` ago.
   * Calls made meanwhile share the one read.
   */
  reloadRoster(maxAgeMs = 0): Promise<boolean> {
    if (!this.deps.isOnline()) return Promise.resolve(false)
    if (!this.reloading && maxAgeMs > 0 && Date.now() - this.readAt < maxAgeMs)
      return Promise.resolve(true)
    this.reloading ??= (async () => {
      try {
        const roster = await this.deps.getRoster(this.weddingId)
        this.takeRoster(roster)
        if (this.write(this.rosterKey, roster)) this.remember()
        this.readAt = Date.now()
        this.error = null
        return true
      } catch (error) {
        this.failed(error)
        return false
      } finally {
        this.reloading = null
        this.changed()
      }
    })()
    return this.reloading
  }

  /** Records one action: kept on the phone first, then sent if the phone is online. */
  do(action: CheckinAction): Promise<void> {
    this.queue = [...this.queue, action]
    this.saveQueue()
    this.changed()
    return this.flush()
  }

  dismissRefused() {
    this.refused = []
    this.changed()
  }

  /** Sends the queue in order, in batches, until it is empty, the phone is offline or a call fails. */
  flush(): Promise<void> {
    this.sending ??= this.send().finally(() => {
      this.sending = null
      this.changed()
    })
    this.changed()
    return this.sending
  }

  private async send() {
    while (this.queue.length > 0 && this.deps.isOnline() && !this.stopped) {
      const batch = this.queue.slice(0, BATCH)
      let answer
      try {
        answer = await this.deps.record(this.weddingId, batch)
      } catch (error) {
        // On the network: kept, sent when the connection returns. Anything else is shown.
        this.failed(error)
        return
      }
      this.error = null
      const sent = new Set(batch.map((action) => action.id))
      // What the server accepted is now in its state: lay it there until the next poll confirms it.
      const accepted = batch.filter((action) => {
        const result = answer.results.find((item) => item.id === action.id)
        if (result?.status === 'refused')
          this.refused = [...this.refused, { action, code: result.code }]
        return result?.status !== 'refused'
      })
      this.server = withQueued(this.server, accepted)
      // Kept before the shorter queue is: a reload offline before the next poll still shows them.
      this.persistServer()
      this.saveQueue(sent)
      this.changed()
    }
    if (this.queue.length === 0 && !this.stopped) await this.poll()
  }

  /** Asks what changed since the version last seen; cheap when nothing did. */
  poll(): Promise<void> {
    if (!this.deps.isOnline() || this.roster === null || this.stopped) return Promise.resolve()
    this.polling ??= (async () => {
      try {
        const changes = await this.deps.getChanges(this.weddingId, this.version)
        if (changes.version === this.version) return
        const arrived = new Set(this.server.arrived)
        const walkIns = new Map(this.server.walkIns)
        for (const change of changes.arrivals) {
          if (change.arrived) arrived.add(change.personId)
          else arrived.delete(change.personId)
        }
        for (const walkIn of changes.walkIns) {
          if (walkIn.removed) walkIns.delete(walkIn.id)
          else walkIns.set(walkIn.id, { id: walkIn.id, tableId: walkIn.tableId, name: walkIn.name })
        }
        this.server = { arrived, walkIns }
        this.version = changes.version
        this.persistServer()
        this.changed()
      } catch (error) {
        this.failed(error)
        this.changed()
      } finally {
        this.polling = null
      }
    })()
    return this.polling
  }

  /** The browser says the connection changed: show it, and send what waits once it is back. */
  connectionChanged() {
    this.changed()
    if (this.deps.isOnline()) void (this.roster ? this.flush() : this.load())
  }

  private takeRoster(roster: CheckinRoster) {
    this.roster = roster
    this.version = roster.version
    this.server = {
      arrived: new Set(roster.arrivals),
      walkIns: new Map(roster.walkIns.map((walkIn: WalkIn) => [walkIn.id, walkIn])),
    }
  }

  /** The roster as now known, so a reload offline opens where the phone was. */
  private persistServer() {
    if (!this.roster) return
    this.write(this.rosterKey, {
      ...this.roster,
      version: this.version ?? 0,
      arrivals: [...this.server.arrived],
      walkIns: [...this.server.walkIns.values()],
    })
  }

  /**
   * Writes the queue to the phone's storage without losing another tab's (or an earlier screen's)
   * check-ins: what is stored now is read again and merged by action id. An id that was stored and
   * is gone was acknowledged elsewhere; `acknowledged` are the ids the server answered here.
   */
  private saveQueue(acknowledged: ReadonlySet<string> = new Set()) {
    const stored = this.read<CheckinAction[]>(this.queueKey) ?? []
    const storedIds = new Set(stored.map((action) => action.id))
    const merged = [
      ...stored,
      ...this.queue.filter((action) => !storedIds.has(action.id) && !this.stored.has(action.id)),
    ].filter((action) => !acknowledged.has(action.id))
    this.queue = merged
    if (this.write(this.queueKey, merged)) this.stored = new Set(merged.map((action) => action.id))
  }

  /** This wedding's door is the one to open when a reload offline cannot ask which wedding is open. */
  private remember() {
    try {
      this.deps.storage.setItem(LAST_DOOR_KEY, this.weddingId)
    } catch {
      // A full storage: the door opens offline only once the wedding is known again.
    }
  }

  /** A network failure is waited out; a wedding this member may no longer see takes its data off the phone. */
  private failed(error: unknown) {
    if (isNetworkError(error)) return
    this.error = error
    if (error instanceof Error && error.message === 'wedding_not_found') {
      this.remove(this.queueKey)
      this.remove(this.rosterKey)
    }
  }

  private makeSnapshot(): DoorSnapshot {
    return {
      roster: this.roster,
      state: withQueued(this.server, this.queue),
      waiting: this.queue.length,
      online: this.deps.isOnline(),
      sending: this.sending !== null,
      error: this.error,
      refused: this.refused,
    }
  }

  private changed() {
    this.snapshot = this.makeSnapshot()
    for (const listener of this.listeners) listener()
  }

  private read<T>(key: string): T | null {
    try {
      const text = this.deps.storage.getItem(key)
      return text ? (JSON.parse(text) as T) : null
    } catch {
      return null
    }
  }

  private write(key: string, value: unknown): boolean {
    try {
      this.deps.storage.setItem(key, JSON.stringify(value))
      return true
    } catch {
      // A full storage: the state stays in memory; the queue is still sent while the screen is open.
      return false
    }
  }

  private remove(key: string) {
    try {
      this.deps.storage.removeItem(key)
    } catch {
      // Storage not available: nothing was kept.
    }
  }
}
