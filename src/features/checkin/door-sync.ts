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
import { withQueued, type DoorState } from './checkin-model'

/** How often an open screen asks what the other ushers did. */
export const POLL_MS = 3000
/** The most actions one call sends. */
export const BATCH = 200

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
  private readonly deps: DoorDeps
  private readonly queueKey: string
  private readonly rosterKey: string

  constructor(
    readonly weddingId: string,
    deps?: Partial<DoorDeps>,
  ) {
    this.deps = { ...defaultDeps(), ...deps }
    this.queueKey = `kasalan.checkin.queue.${weddingId}`
    this.rosterKey = `kasalan.checkin.roster.${weddingId}`
    this.queue = this.read<CheckinAction[]>(this.queueKey) ?? []
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
    if (!this.deps.isOnline()) {
      this.changed()
      return
    }
    try {
      const roster = await this.deps.getRoster(this.weddingId)
      this.takeRoster(roster)
      this.write(this.rosterKey, roster)
      this.error = null
    } catch (error) {
      if (!isNetworkError(error)) this.error = error
    }
    this.changed()
    await this.flush()
  }

  /** Records one action: kept on the phone first, then sent if the phone is online. */
  do(action: CheckinAction): Promise<void> {
    this.queue = [...this.queue, action]
    this.write(this.queueKey, this.queue)
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
    while (this.queue.length > 0 && this.deps.isOnline()) {
      const batch = this.queue.slice(0, BATCH)
      let answer
      try {
        answer = await this.deps.record(this.weddingId, batch)
      } catch (error) {
        // On the network: kept, sent when the connection returns. Anything else is shown.
        if (!isNetworkError(error)) this.error = error
        return
      }
      this.error = null
      const sent = new Set(batch.map((action) => action.id))
      // What the server accepted is now in its state: lay it there until the next poll confirms it.
      const accepted = batch.filter((action) => {
        const result = answer.results.find((item) => item.id === action.id)
        if (result?.status === 'refused') this.refused = [...this.refused, { action, code: result.code }]
        return result?.status !== 'refused'
      })
      this.server = withQueued(this.server, accepted)
      this.queue = this.queue.filter((action) => !sent.has(action.id))
      this.write(this.queueKey, this.queue)
      this.changed()
    }
    if (this.queue.length === 0) await this.poll()
  }

  /** Asks what changed since the version last seen; cheap when nothing did. */
  poll(): Promise<void> {
    if (!this.deps.isOnline() || this.roster === null) return Promise.resolve()
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
        if (!isNetworkError(error)) {
          this.error = error
          this.changed()
        }
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

  private write(key: string, value: unknown) {
    try {
      this.deps.storage.setItem(key, JSON.stringify(value))
    } catch {
      // A full storage: the state stays in memory; the queue is still sent while the screen is open.
    }
  }
}
