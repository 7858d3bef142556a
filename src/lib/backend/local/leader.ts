/// <reference lib="webworker" />
// The worker's side of the tabs' link to the embedded database (see tab-link.ts for the tab's).
//
// Every tab starts one worker; the worker that holds the leader lock opens the database and answers
// the calls of every tab, one at a time, each call whole: a call is one message that the database
// runs as one transaction, so no lock or transaction is ever held on behalf of a tab between two
// messages, and a tab may close at any moment without leaving the others waiting. When the leader's
// tab closes, the browser frees the lock, the next worker opens the database as IndexedDB has it and
// says so, and the tabs send again what had no answer. A write carries an id and is applied once per
// id: the call's answer is kept with it, in the same transaction, and a call sent again is answered
// from there.

import type { PGlite } from '@electric-sql/pglite'
import { callNameOf, sqlLiteral } from './engine'
import {
  channelName,
  leaderLockName,
  replyChannelName,
  type AnswerMessage,
  type LinkError,
  type LinkMessage,
  type LinkOptions,
} from './tab-link-protocol'

/** Starts this worker: it waits for its tab's options, then for the lock, then leads for good. */
export function serveDatabase(open: (options: LinkOptions) => Promise<PGlite>) {
  addEventListener(
    'message',
    (event: MessageEvent<{ type: string; options: LinkOptions }>) => {
      if (event.data?.type !== 'init') return
      const { options } = event.data
      void navigator.locks.request(leaderLockName(options.id), () => lead(open, options))
    },
    { once: true },
  )
}

/** Holds the lock as long as this worker lives (the browser frees it when the tab closes). */
async function lead(
  open: (options: LinkOptions) => Promise<PGlite>,
  options: LinkOptions,
): Promise<never> {
  let db: PGlite
  try {
    db = await open(options)
  } catch (error) {
    // Keeping the lock: the next worker would meet the same database. The tabs' calls end with
    // their own time limit, saying the database does not answer.
    console.error('kasalan: the embedded database did not open', error)
    return new Promise<never>(() => undefined)
  }
  answerOn(options.id, await createCallServer(db), crypto.randomUUID())
  return new Promise<never>(() => undefined)
}

/**
 * Says it leads the data directory `id`, and answers the calls of its tabs, in arrival order, one
 * at a time (the database runs one thing at once anyway), each to the tab that asked. Exported for
 * the tests.
 */
export function answerOn(id: string, server: CallServer, leader: string) {
  const channel = new BroadcastChannel(channelName(id))
  const announce = () =>
    channel.postMessage({ type: 'leader', leader, reads: server.reads } satisfies LinkMessage)
  // One per tab that called, never closed (posting to a closed tab's channel reaches no one, harmlessly).
  const replies = new Map<string, BroadcastChannel>()
  const reply = (tab: string) => {
    let found = replies.get(tab)
    if (!found) replies.set(tab, (found = new BroadcastChannel(replyChannelName(id, tab))))
    return found
  }
  let queue: Promise<unknown> = Promise.resolve()
  channel.onmessage = (event: MessageEvent<LinkMessage>) => {
    const message = event.data
    if (message.type === 'hello') announce()
    else if (message.type === 'call') {
      queue = queue.then(async () => reply(message.tab).postMessage(await server.answer(message)))
    }
  }
  announce()
  return { close: () => [channel, ...replies.values()].forEach((open) => open.close()) }
}

type Call = Extract<LinkMessage, { type: 'call' }>
type Answer = Extract<LinkMessage, { type: 'answer' }>

/** Only what a call's answer is read for (engine.ts `exchangeOnce`): result types and rows. */
function keep(messages: { name: string; fields?: unknown[] }[]): AnswerMessage[] {
  const kept: AnswerMessage[] = []
  for (const message of messages) {
    if (message.name === 'dataRow') kept.push({ name: message.name, fields: message.fields })
    else if (message.name === 'rowDescription') {
      const fields = (message.fields ?? []) as { name: string; dataTypeID: number }[]
      kept.push({
        name: message.name,
        fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      })
    }
  }
  return kept
}

function linkError(error: unknown): LinkError {
  const pg = (error ?? {}) as {
    message?: unknown
    code?: unknown
    detail?: unknown
    hint?: unknown
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return {
    message: text(pg.message) ?? String(error),
    code: text(pg.code),
    detail: text(pg.detail),
    hint: text(pg.hint),
  }
}

const encoder = new TextEncoder()

function queryMessage(sql: string): Uint8Array {
  const bytes = encoder.encode(sql)
  const message = new Uint8Array(bytes.length + 6)
  message[0] = 0x51
  new DataView(message.buffer).setInt32(1, bytes.length + 5)
  message.set(bytes, 5)
  return message
}

/** How much log since the last checkpoint starts another (see `checkpointWhenDue`). */
export const CHECKPOINT_AFTER_BYTES = 8 * 1024 * 1024

/**
 * PGlite runs PostgreSQL in single-user mode, where no checkpoint ever happens by itself: every
 * start would replay, and IndexedDB keep, all the log written since the database was made (a
 * 2,000-household import alone writes tens of MB). Once `CHECKPOINT_AFTER_BYTES` have been written
 * since the last one, a checkpoint lets the old segments go. Runs inside the caller's exclusive
 * hold on the database, or before any call is answered. With `syncToFs` false the caller stores the
 * files itself.
 */
export async function checkpointWhenDue(db: PGlite, syncToFs = true): Promise<boolean> {
  // One message each, without PGlite's locks, which the caller may hold.
  const { messages } = await db.execProtocol(
    queryMessage(
      `select pg_catalog.pg_wal_lsn_diff(pg_catalog.pg_current_wal_lsn(), redo_lsn) >= ${CHECKPOINT_AFTER_BYTES}
         from pg_catalog.pg_control_checkpoint()`,
    ),
    { syncToFs: false },
  )
  const row = messages.find((message) => message.name === 'dataRow') as
    { fields?: unknown[] } | undefined
  if (row?.fields?.[0] !== 't') return false
  await db.execProtocol(queryMessage('checkpoint'), { syncToFs })
  return true
}

/**
 * The tables of the app whose statistics no longer describe them: more changed since their last
 * analyze than PostgreSQL's autovacuum allows (50 rows and a tenth of the table), or more than
 * twice the size they were then (which a reload, forgetting the counts of changes, still sees).
 */
const DUE_FOR_ANALYZE = `
  select pg_catalog.string_agg(pg_catalog.format('%I.%I', n.nspname, c.relname), ', ')
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    left join pg_catalog.pg_stat_user_tables s on s.relid = c.oid
   where n.nspname in ('kasalan', 'kasalan_private') and c.relkind = 'r'
     and (coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0)
       or pg_catalog.pg_relation_size(c.oid)
          > (2 * c.relpages + 8) * pg_catalog.current_setting('block_size')::integer)`

/**
 * PGlite has no autovacuum, so nothing analyzed the embedded database's tables after the build made
 * it from the demo wedding: a wedding that grew to 2,000 households was planned as the demo's few,
 * and the door's roster, the forecast and the invitations took 5 to 50 times as long as their
 * reads need. Analyzes, as autovacuum would, the tables `DUE_FOR_ANALYZE` names; returns whether
 * it did. Runs after each write, inside the caller's exclusive hold on the database: a start adds
 * nothing, since a table that grew in an earlier visit is found by its size at the next write.
 */
export async function analyzeWhenDue(db: PGlite): Promise<boolean> {
  const { messages } = await db.execProtocol(queryMessage(DUE_FOR_ANALYZE), { syncToFs: false })
  const row = messages.find((message) => message.name === 'dataRow') as
    { fields?: unknown[] } | undefined
  const tables = row?.fields?.[0]
  if (typeof tables !== 'string' || tables === '') return false
  await db.execProtocol(queryMessage(`analyze ${tables}`), { syncToFs: false })
  return true
}

/**
 * Answers calls on the leader's database. Exported for the tests, which run it on a database of
 * their own; `serveDatabase` is what the worker runs.
 */
export type CallServer = Awaited<ReturnType<typeof createCallServer>>

export async function createCallServer(db: PGlite) {
  // One transaction, not stored in IndexedDB now: every start makes the same (the table, its
  // grants, yesterday's entries gone), and the next write stores it with its own. The reads are the
  // database's STABLE and IMMUTABLE functions (and the auth shim's account read), answered with no
  // call log entry and no write back.
  const { messages } = await db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(() =>
      db.execProtocol(
        queryMessage(`
          begin;
          create table if not exists kasalan_local.call_log (
            id text primary key,
            answer text not null,
            at timestamptz not null default now()
          );
          revoke all on kasalan_local.call_log from public;
          -- A tab sends a call again only within its time limit: a day is far more than enough.
          delete from kasalan_local.call_log where at < now() - interval '1 day';
          select p.proname as name from pg_catalog.pg_proc p where p.pronamespace = 'kasalan'::regnamespace and p.provolatile in ('s', 'i')
          union all
          select 'auth.' || p.proname from pg_catalog.pg_proc p
           where p.pronamespace = 'auth'::regnamespace and p.proname = 'local_get_user' and p.provolatile in ('s', 'i');
          commit`),
        { syncToFs: false },
      ),
    ),
  )
  const reads = keep(messages)
    .filter((message) => message.name === 'dataRow')
    .map((row) => String(row.fields?.[0]))
  await checkpointWhenDue(db).catch(() => undefined)
  const readSet = new Set(reads)

  /** One statement or several, inside the locks `exchange` holds; returns the first row's first value. */
  const run = async (sql: string, syncToFs = false) => {
    const { messages } = await db.execProtocol(queryMessage(sql), { syncToFs })
    const row = messages.find((message) => message.name === 'dataRow') as
      { fields?: unknown[] } | undefined
    return row?.fields?.[0] ?? null
  }

  /** As PGlite's own queries do: no other query or transaction of this database runs meanwhile. */
  const exclusive = <T>(fn: () => Promise<T>) =>
    db._runExclusiveTransaction(() => db._runExclusiveQuery(fn))

  async function exec(call: Extract<Call, { kind: 'exec' }>): Promise<AnswerMessage[]> {
    const name = callNameOf(call.message)
    if (name !== null && readSet.has(name)) {
      // Read only, so nothing to keep or to write back to IndexedDB.
      const { messages } = await db.execProtocol(call.message, { syncToFs: false })
      return keep(messages)
    }
    const id = sqlLiteral(call.id)
    await run('begin')
    try {
      const logged = await run(`select answer from kasalan_local.call_log where id = ${id}`)
      if (typeof logged === 'string') {
        await run('rollback')
        return JSON.parse(logged) as AnswerMessage[]
      }
      // The call's own statements run inside this transaction (SET LOCAL holds until its end).
      const answer = keep((await db.execProtocol(call.message, { syncToFs: false })).messages)
      await run(
        `reset role;
         insert into kasalan_local.call_log (id, answer) values (${id}, ${sqlLiteral(JSON.stringify(answer))});
         commit`,
      )
      // A write that changed much (an import) leaves the statistics the next read is planned by.
      await analyzeWhenDue(db).catch(() => undefined)
      // A write that brings the log to a checkpoint (an import's tens of MB) is checkpointed before
      // IndexedDB stores it: the log's segments, gone by then, are never stored, and the tables'
      // files are stored once, not after the log and again after the checkpoint. Saved and answered
      // whatever the checkpoint does: one that fails is tried after the next write.
      await checkpointWhenDue(db, false).catch(() => undefined)
      await db.syncToFs()
      return answer
    } catch (error) {
      await run('rollback').catch(() => undefined)
      throw error
    }
  }

  return {
    reads,
    /** The answer to a call, or its error: never throws. */
    async answer(call: Call): Promise<Answer> {
      try {
        if (call.kind === 'dump') {
          // PGlite's dump takes its own query lock.
          return { type: 'answer', id: call.id, blob: await db.dumpDataDir(call.compression) }
        }
        return { type: 'answer', id: call.id, messages: await exclusive(() => exec(call)) }
      } catch (error) {
        return { type: 'answer', id: call.id, error: linkError(error) }
      }
    },
  }
}
