// A tab's link to the embedded database (see leader.ts for the worker's side).
//
// Any tab may close at any time, the leader's too, mid-call. A call that had no answer when its
// leader went is sent again, under the same id, to the next leader: a read simply runs again, a
// write is applied once per id. No call waits for ever: past its time limit it fails with
// `database_no_answer` (nothing was changed) or, for a write that had reached a leader,
// `database_save_unknown` (it may have been saved: look, then try again).

import { BackendError } from '../errors'
import type { PgLike, PgTx, QueryResult } from './engine'
import { callNameOf } from './engine'
import {
  channelName,
  replyChannelName,
  type AnswerMessage,
  type LinkMessage,
  type LinkOptions,
} from './tab-link-protocol'

/** How long a call may wait for its answer, leader changes included. */
export const CALL_TIME_LIMIT_MS = 45_000
/** A backup carries every photo: more time. */
const DUMP_TIME_LIMIT_MS = 180_000
/** While no leader has answered, the tab asks again this often (a new one also says so itself). */
const HELLO_EVERY_MS = 1_000

type Call = Extract<LinkMessage, { type: 'call' }>

interface Pending {
  call: Call
  /** The leader it was last sent to; null while not yet sent. */
  sentTo: string | null
  resolve: (answer: Extract<LinkMessage, { type: 'answer' }>) => void
  reject: (error: Error) => void
}

export interface TabLinkOptions extends LinkOptions {
  callTimeLimitMs?: number
}

export class TabLink implements PgLike {
  /** Resolves once a leader has said it answers. */
  readonly waitReady: Promise<void>
  #channel: BroadcastChannel
  #replies: BroadcastChannel
  #tab = crypto.randomUUID()
  #leader: string | null = null
  #reads = new Set<string>()
  #pending = new Map<string, Pending>()
  #hello: ReturnType<typeof setInterval> | null = null
  #callTimeLimit: number
  #leaderKnown!: () => void
  #closed = false

  constructor(worker: Worker, options: TabLinkOptions) {
    const { callTimeLimitMs, ...linkOptions } = options
    this.#callTimeLimit = callTimeLimitMs ?? CALL_TIME_LIMIT_MS
    this.waitReady = new Promise<void>((resolve) => (this.#leaderKnown = resolve))
    this.#channel = new BroadcastChannel(channelName(options.id))
    this.#channel.onmessage = (event: MessageEvent<LinkMessage>) => this.#receive(event.data)
    this.#replies = new BroadcastChannel(replyChannelName(options.id, this.#tab))
    this.#replies.onmessage = (event: MessageEvent<LinkMessage>) => this.#receive(event.data)
    worker.postMessage({ type: 'init', options: linkOptions })
    this.#sayHello()
  }

  #sayHello() {
    if (this.#closed) return
    this.#channel.postMessage({ type: 'hello' } satisfies LinkMessage)
    this.#hello ??= setInterval(
      () => this.#channel.postMessage({ type: 'hello' } satisfies LinkMessage),
      HELLO_EVERY_MS,
    )
  }

  #receive(message: LinkMessage) {
    if (message.type === 'leader') {
      if (this.#hello !== null) clearInterval(this.#hello)
      this.#hello = null
      if (message.leader === this.#leader) return
      this.#leader = message.leader
      this.#reads = new Set(message.reads)
      this.#leaderKnown()
      // What the previous leader did not answer (it closed) or what waited for a leader.
      for (const pending of this.#pending.values())
        if (pending.sentTo !== message.leader) this.#send(pending)
    } else if (message.type === 'answer') {
      const pending = this.#pending.get(message.id)
      if (!pending) return
      this.#pending.delete(message.id)
      pending.resolve(message)
    }
  }

  #send(pending: Pending) {
    if (this.#closed) return
    pending.sentTo = this.#leader
    this.#channel.postMessage(pending.call)
  }

  #isRead(call: Call) {
    if (call.kind !== 'exec') return true
    const name = callNameOf(call.message)
    return name !== null && this.#reads.has(name)
  }

  #call(call: Call, timeLimit: number): Promise<Extract<LinkMessage, { type: 'answer' }>> {
    return new Promise((resolve, reject) => {
      if (this.#closed) return reject(new BackendError('database_no_answer', 'closed'))
      const timer = setTimeout(() => {
        const pending = this.#pending.get(call.id)
        if (!pending) return
        this.#pending.delete(call.id)
        // Nothing was changed unless a leader got a write; a leader may still answer it later.
        const unknown = pending.sentTo !== null && !this.#isRead(call)
        pending.reject(
          new BackendError(unknown ? 'database_save_unknown' : 'database_no_answer', 'timeout'),
        )
        // Perhaps the leader is gone and no other has said so yet: ask.
        this.#sayHello()
      }, timeLimit)
      const pending: Pending = {
        call,
        sentTo: null,
        resolve: (answer) => {
          clearTimeout(timer)
          resolve(answer)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      }
      this.#pending.set(call.id, pending)
      if (this.#leader !== null) this.#send(pending)
      else this.#sayHello()
    })
  }

  /** One call message (engine.ts `exchangeOnce`), run whole by the leader. */
  async execProtocol(message: Uint8Array): Promise<{ messages: AnswerMessage[] }> {
    const answer = await this.#call(
      { type: 'call', id: crypto.randomUUID(), tab: this.#tab, kind: 'exec', message },
      this.#callTimeLimit,
    )
    if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error)
    return { messages: answer.messages ?? [] }
  }

  // The leader runs each message whole and alone, so a tab holds no lock of its own.
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return fn()
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return fn()
  }

  /** The database as a file (a backup). */
  async dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob> {
    const answer = await this.#call(
      { type: 'call', id: crypto.randomUUID(), tab: this.#tab, kind: 'dump', compression },
      DUMP_TIME_LIMIT_MS,
    )
    if (answer.error || !answer.blob) throw new Error(answer.error?.message ?? 'no backup')
    return answer.blob
  }

  /** Ends this link: its calls still waiting fail at once. */
  close() {
    if (this.#hello !== null) clearInterval(this.#hello)
    this.#hello = null
    this.#closed = true
    this.#channel.close()
    this.#replies.close()
    for (const pending of this.#pending.values())
      pending.reject(new BackendError('database_no_answer', 'closed'))
    this.#pending.clear()
  }

  // Statement by statement, a transaction would hold the database between messages, which a
  // closing tab could leave held: every call goes as one message (`execProtocol`).
  query<T>(): Promise<QueryResult<T>> {
    return Promise.reject(new Error('the tab link takes whole calls only'))
  }

  exec(): Promise<unknown> {
    return Promise.reject(new Error('the tab link takes whole calls only'))
  }

  transaction<T>(_fn: (tx: PgTx) => Promise<T>): Promise<T> {
    return Promise.reject(new Error('the tab link takes whole calls only'))
  }
}
