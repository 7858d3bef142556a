// What the tabs and the worker that leads the embedded database say to each other, on one
// BroadcastChannel per data directory. Every tab has a worker; the one holding the leader lock opens
// the database and answers every tab's calls. See leader.ts (the worker's side) and tab-link.ts.

/** The channel and the lock of a data directory's tabs. */
export const channelName = (id: string) => `kasalan-db:${id}`
/** Where one tab hears its answers: only the tab that asked reads (and copies) an answer. */
export const replyChannelName = (id: string, tab: string) => `kasalan-db:${id}:tab:${tab}`
export const leaderLockName = (id: string) => `kasalan-db-leader:${id}`

/** What a tab gives its worker, once. */
export interface LinkOptions {
  id: string
  dataDir: string
  meta?: unknown
}

/** A protocol message's parts that a call's answer keeps (see engine.ts `exchangeOnce`). */
export interface AnswerMessage {
  name: string
  fields?: unknown[]
}

export interface LinkError {
  message: string
  code?: string
  detail?: string
  hint?: string
}

export type LinkMessage =
  /** A tab asks whoever leads to say so (a leader answers `leader`). */
  | { type: 'hello' }
  /**
   * The worker that leads, once its database is open. `reads` are the STABLE or IMMUTABLE
   * functions: a call to one of them changes nothing, so it may be sent again freely.
   */
  | { type: 'leader'; leader: string; reads: string[] }
  /**
   * One call, under an id the tab keeps when it sends the call again to a new leader: a write is
   * applied once per id (see leader.ts). `tab` names the tab's reply channel.
   */
  | { type: 'call'; id: string; tab: string; kind: 'exec'; message: Uint8Array }
  | {
      type: 'call'
      id: string
      tab: string
      kind: 'dump'
      compression: 'gzip' | 'none' | 'auto' | undefined
    }
  | { type: 'answer'; id: string; messages?: AnswerMessage[]; blob?: Blob; error?: LinkError }
