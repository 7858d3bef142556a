// The tabs' link to the embedded database (src/lib/backend/local/tab-link.ts, leader.ts): a leader
// that goes mid-call, the call sent again to the next one, a write applied once per id, and no call
// waiting for ever. Leaders here are the browser's in miniature: a BroadcastChannel and the call
// server on this test's PGlite (the next leader opens the same database, as a new leader opens
// what IndexedDB holds).
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import {
  callRpc,
  localAuth,
  resumeWithoutStoring,
  START_SETTINGS,
  type Claims,
} from '../../src/lib/backend/local/engine'
import {
  answerOn,
  checkpointWhenDue,
  CHECKPOINT_AFTER_BYTES,
  createCallServer,
  type CallServer,
} from '../../src/lib/backend/local/leader'
import { TabLink } from '../../src/lib/backend/local/tab-link'
import { channelName, type LinkMessage } from '../../src/lib/backend/local/tab-link-protocol'
import {
  bootstrappedPglite,
  createTestDb,
  DEMO,
  DEMO_CLAIMS,
  ENGINE,
  readSqlFiles,
  type TestDb,
} from './harness'

let t: TestDb
let db: PGlite
let owner: NonNullable<Claims>
let weddingId: string
let server: CallServer
let round = 0
const open: BroadcastChannel[] = []
const links: TabLink[] = []
const leaders: { close: () => void }[] = []

beforeAll(async () => {
  if (ENGINE !== 'pglite') return
  t = await createTestDb()
  db = t.db as unknown as PGlite
  const couple = await t.couple('Amihan', 'Bagwis')
  owner = couple.claims
  weddingId = couple.wedding.id
  server = await createCallServer(db)
})

afterAll(async () => {
  for (const link of links) link.close()
  for (const channel of open) channel.close()
  for (const leader of leaders) leader.close()
  await t?.close()
})

/** A new data directory's channel, so that tests do not hear each other. */
function freshId() {
  round += 1
  return `test-${round}-${Date.now()}`
}

function channel(id: string) {
  const made = new BroadcastChannel(channelName(id))
  open.push(made)
  return made
}

function tab(id: string, callTimeLimitMs?: number) {
  const link = new TabLink({ postMessage() {} } as unknown as Worker, {
    id,
    dataDir: 'memory://',
    callTimeLimitMs,
  })
  links.push(link)
  return link
}

/** A leader that runs every call it gets and then closes before answering: its tab closed mid-call. */
function leaderThatCloses(id: string, ran: (call: Extract<LinkMessage, { type: 'call' }>) => void) {
  const leader = channel(id)
  leader.onmessage = async (event: MessageEvent<LinkMessage>) => {
    const message = event.data
    if (message.type === 'hello')
      leader.postMessage({
        type: 'leader',
        leader: 'first',
        reads: server.reads,
      } satisfies LinkMessage)
    if (message.type !== 'call') return
    await server.answer(message)
    leader.close()
    ran(message)
  }
  leader.postMessage({ type: 'leader', leader: 'first', reads: server.reads } satisfies LinkMessage)
  return leader
}

const household = (lastName: string) => ({
  p_wedding_id: weddingId,
  p_household: {
    email: null,
    phone: null,
    address: {},
    relationshipSide: 'bride',
    relationshipType: 'family',
    notes: null,
    persons: [
      { firstName: 'Dayang', lastName, type: 'adult', title: null, suffix: null, notes: null },
    ],
  },
})

async function householdsNamed(lastName: string) {
  const list = (await callRpc(db, owner, 'list_households', { p_wedding_id: weddingId })) as {
    id: string
    persons: { lastName: string | null }[]
  }[]
  return list.filter((entry) => entry.persons.some((person) => person.lastName === lastName))
}

describe.runIf(ENGINE === 'pglite')('a tab whose leader closes', () => {
  test('a save the leader applied before it closed is answered by the next leader, and applied once', async () => {
    const id = freshId()
    const link = tab(id)
    let ran: Extract<LinkMessage, { type: 'call' }> | null = null
    leaderThatCloses(id, (call) => (ran = call))
    await link.waitReady
    const saving = callRpc(link, owner, 'save_household', household('Lakambini'))
    await expect.poll(() => ran).not.toBeNull()
    // Saved, with no answer: the tab is still waiting.
    expect(await householdsNamed('Lakambini')).toHaveLength(1)

    leaders.push(answerOn(id, await createCallServer(db), 'second'))
    const saved = (await saving) as { id: string }
    const found = await householdsNamed('Lakambini')
    expect(found).toHaveLength(1)
    expect(saved.id).toBe(found[0]!.id)
  })

  test('a call sent while no leader answers waits for the next one, then runs', async () => {
    const id = freshId()
    const link = tab(id)
    leaderThatCloses(id, () => undefined)
    await link.waitReady
    // The first call takes the leader down with it; the next two find nobody until a new one.
    const first = callRpc(link, owner, 'save_household', household('Sinagtala'))
    await expect.poll(async () => (await householdsNamed('Sinagtala')).length).toBe(1)
    const read = callRpc(link, owner, 'list_households', { p_wedding_id: weddingId })
    const write = callRpc(link, owner, 'save_household', household('Dalisay'))
    leaders.push(answerOn(id, await createCallServer(db), 'second'))
    await Promise.all([first, read, write])
    expect(await householdsNamed('Sinagtala')).toHaveLength(1)
    expect(await householdsNamed('Dalisay')).toHaveLength(1)
  })

  test('a read leaves the files as they are; a write syncs them to IndexedDB once, after its commit', async () => {
    const id = freshId()
    const link = tab(id)
    leaders.push(answerOn(id, server, 'only'))
    await link.waitReady
    // What reaches the database, in order: each message (and whether it stores the files), and each store.
    const events: string[] = []
    const original = db.execProtocol
    db.execProtocol = (message, opts) => {
      events.push(
        `${opts?.syncToFs ? 'stored: ' : ''}${new TextDecoder().decode(message.subarray(5, -1)).trim().split(/\s+/).at(-1)}`,
      )
      return original.call(db, message, opts)
    }
    const stores = vi.spyOn(db, 'syncToFs').mockImplementation(async function (this: typeof db) {
      events.push('store')
    })
    try {
      expect(await callRpc(link, owner, 'list_households', { p_wedding_id: weddingId })).toEqual(
        expect.any(Array),
      )
      expect(events).toHaveLength(1)
      expect(events[0]).not.toMatch(/^stored/)
      events.length = 0
      await callRpc(link, owner, 'mark_rsvp_changes_seen', {
        p_wedding_id: weddingId,
        p_seen_at: new Date().toISOString(),
      })
      // Once, after the commit and the looks at which tables are due for an analyze (none, for a
      // save this small) and at how much log awaits a checkpoint (two reads).
      expect(events.filter((event) => event.startsWith('stored'))).toEqual([])
      expect(events.slice(-4)).toEqual([
        'commit',
        expect.stringMatching(/block_size/),
        expect.stringMatching(/pg_control_checkpoint\(\)$/),
        'store',
      ])
      expect(stores).toHaveBeenCalledTimes(1)
    } finally {
      db.execProtocol = original
      stores.mockRestore()
    }
  })

  test('the same save sent twice to a leader is applied once, and both get its answer', async () => {
    const id = freshId()
    const link = tab(id)
    leaders.push(answerOn(id, server, 'only'))
    await link.waitReady
    const sent: Uint8Array[] = []
    const spy = channel(id)
    spy.onmessage = (event: MessageEvent<LinkMessage>) => {
      if (event.data.type === 'call' && event.data.kind === 'exec') sent.push(event.data.message)
    }
    await callRpc(link, owner, 'save_household', household('Makisig'))
    await expect.poll(() => sent.length).toBe(1)
    const again = {
      type: 'call',
      id: 'twice-1',
      tab: 'test',
      kind: 'exec',
      message: sent[0]!,
    } as const
    const one = await server.answer(again)
    const two = await server.answer(again)
    expect(two).toEqual(one)
    expect(await householdsNamed('Makisig')).toHaveLength(2)
  })

  test('a refused save keeps nothing and leaves the database as it was', async () => {
    const id = freshId()
    const link = tab(id)
    leaders.push(answerOn(id, server, 'only'))
    await expect(callRpc(link, null, 'save_household', household('Tala'))).rejects.toThrow()
    await expect(
      callRpc(link, owner, 'save_household', {
        ...household('Tala'),
        p_wedding_id: '00000000-0000-0000-0000-000000000000',
      }),
    ).rejects.toThrow('wedding_not_found')
    const { rows } = await db.query<{ role: string; open: boolean }>(
      'select current_user as role, pg_catalog.txid_current_if_assigned() is not null as open',
    )
    expect(rows[0]).toEqual({ role: 'postgres', open: false })
    expect(await householdsNamed('Tala')).toHaveLength(0)
    expect(await callRpc(link, owner, 'list_households', { p_wedding_id: weddingId })).toEqual(
      expect.any(Array),
    )
  })
})

describe.runIf(ENGINE === 'pglite')('no call waits for ever', () => {
  test('with no leader at all, a call ends saying nothing was changed', async () => {
    const link = tab(freshId(), 300)
    await expect(callRpc(link, owner, 'save_household', household('Walangsagot'))).rejects.toThrow(
      'database_no_answer',
    )
    expect(await householdsNamed('Walangsagot')).toHaveLength(0)
  })

  test('a save a leader got but never answered ends saying it may have been saved', async () => {
    const id = freshId()
    const link = tab(id, 300)
    const silent = channel(id)
    silent.onmessage = () => undefined
    silent.postMessage({
      type: 'leader',
      leader: 'silent',
      reads: server.reads,
    } satisfies LinkMessage)
    await link.waitReady
    await expect(callRpc(link, owner, 'save_household', household('Baka'))).rejects.toThrow(
      'database_save_unknown',
    )
    // A read it never answered changed nothing.
    await expect(
      callRpc(link, owner, 'list_households', { p_wedding_id: weddingId }),
    ).rejects.toThrow('database_no_answer')
  })
})

describe.runIf(ENGINE === 'pglite')('a start', () => {
  test('with nothing to apply, pins the settings, finds every version and stores nothing in IndexedDB', async () => {
    // PGlite writes the data directory back (to IndexedDB, in the browser) after each of its
    // transactions, even one that only read: each time every file is looked at and every stored one
    // listed. A reload's start has nothing to store.
    const { db: own } = await bootstrappedPglite()
    try {
      // As a restored backup's session might have it, before the start pins it; and no checkpoint
      // due (one would be stored).
      await own.query("select set_config('IntervalStyle', 'sql_standard', false)")
      await own.exec('checkpoint')
      const stores = vi.spyOn(own, 'syncToFs')
      const versions = readSqlFiles().migrations.map((migration) => migration.version)
      expect(await resumeWithoutStoring(own, versions)).toBe(true)
      const started = await createCallServer(own)
      expect(stores).not.toHaveBeenCalled()
      // What a start decides is all there: the settings pinned, and the reads known.
      const { rows } = await own.query<{ style: string }>(
        "select current_setting('IntervalStyle') as style",
      )
      expect(rows[0]!.style).toBe('postgres')
      expect(started.reads).toEqual(
        expect.arrayContaining(['list_households', 'auth.local_get_user']),
      )
      expect(started.reads).not.toContain('save_household')
    } finally {
      await own.close()
    }
  })

  test('a database lacking a version, or holding one the baseline replaced, is left to bootstrap as it was', async () => {
    const { db: own } = await bootstrappedPglite()
    try {
      const versions = readSqlFiles().migrations.map((migration) => migration.version)
      const applied = async () =>
        (
          await own.query<{ version: string }>(
            'select version from kasalan_local.applied_versions order by 1',
          )
        ).rows
      const before = await applied()
      expect(await resumeWithoutStoring(own, [...versions, '9999_later'])).toBe(false)
      await own.query(
        "insert into kasalan_local.applied_versions (version) values ('0022_quick_reads')",
      )
      expect(await resumeWithoutStoring(own, versions)).toBe(false)
      await own.query(
        "delete from kasalan_local.applied_versions where version = '0022_quick_reads'",
      )
      expect(await applied()).toEqual(before)
      expect(await resumeWithoutStoring(own, versions)).toBe(true)
    } finally {
      await own.close()
    }
  })

  test('the account read that checks a session is a read: no call log entry, nothing stored', async () => {
    const id = freshId()
    const link = tab(id)
    leaders.push(answerOn(id, server, 'only'))
    await link.waitReady
    const logged = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from kasalan_local.call_log'))
        .rows[0]!.n
    const before = await logged()
    const stores = vi.spyOn(db, 'syncToFs')
    try {
      expect(await localAuth(link, 'getUser', owner.sub)).toMatchObject({ id: owner.sub })
      expect(stores).not.toHaveBeenCalled()
    } finally {
      stores.mockRestore()
    }
    expect(await logged()).toBe(before)
  })
})

describe.runIf(ENGINE === 'pglite')('the log between checkpoints', () => {
  test(
    'once 8 MB of log await a checkpoint, the next save makes one, and the old segments go',
    { timeout: 120_000 },
    async () => {
      // Started as the app starts it (worker.ts), from the database the run bootstrapped.
      const { db: own } = await bootstrappedPglite({
        startParams: [...PGlite.defaultStartParams, ...START_SETTINGS],
      })
      try {
        const log = async () =>
          (
            await own.query<{ behind: number; segments: number }>(
              `select pg_catalog.pg_wal_lsn_diff(pg_catalog.pg_current_wal_lsn(), redo_lsn)::int as behind,
                    (select count(*)::int from pg_catalog.pg_ls_waldir()) as segments
               from pg_catalog.pg_control_checkpoint()`,
            )
          ).rows[0]!
        const ownServer = await createCallServer(own)
        expect(await checkpointWhenDue(own)).toBe(false)

        // About 12 MB of log, as a large import writes: PostgreSQL alone would keep every segment.
        await own.exec(
          `create table public.filler as select g, repeat('x', 500) as pad from generate_series(1, 20000) g`,
        )
        expect((await log()).behind).toBeGreaterThan(CHECKPOINT_AFTER_BYTES)
        expect((await log()).segments).toBeGreaterThan(8)

        const id = freshId()
        const link = tab(id)
        leaders.push(answerOn(id, ownServer, 'own'))
        // The files are stored once, after the checkpoint: the segments it lets go never are.
        const stored: string[] = []
        const original = own.execProtocol
        own.execProtocol = (message, opts) => {
          const sql = new TextDecoder().decode(message.subarray(5, -1)).trim()
          if (sql === 'checkpoint') stored.push(`checkpoint${opts?.syncToFs ? ', stored' : ''}`)
          return original.call(own, message, opts)
        }
        const stores = vi.spyOn(own, 'syncToFs').mockImplementation(async function () {
          stored.push('store')
        })
        try {
          await callRpc(link, DEMO_CLAIMS, 'mark_rsvp_changes_seen', {
            p_wedding_id: DEMO.weddingId,
            p_seen_at: new Date().toISOString(),
          })
        } finally {
          own.execProtocol = original
          stores.mockRestore()
        }
        expect(stored).toEqual(['checkpoint', 'store'])
        const after = await log()
        expect(after.behind).toBeLessThan(CHECKPOINT_AFTER_BYTES)
        expect(after.segments).toBeLessThanOrEqual(3)
        expect(await checkpointWhenDue(own)).toBe(false)
      } finally {
        await own.close()
      }
    },
  )
})

describe.runIf(ENGINE === 'pglite')('the statistics the reads are planned by', () => {
  const importing = (count: number) => ({
    p_wedding_id: DEMO.weddingId,
    p_households: Array.from({ length: count }, (_, index) => ({
      relationshipSide: index % 2 ? 'bride' : 'groom',
      persons: [
        { firstName: 'Ligaya', lastName: `Estadistika ${index}` },
        { firstName: 'Bayani', lastName: `Estadistika ${index}` },
      ],
    })),
  })
  /** What the planner believes of the persons table, and when it was last analyzed. */
  const persons = async (own: PGlite) =>
    (
      await own.query<{ tuples: number; analyzed: string | null }>(
        `select c.reltuples::int as tuples, s.last_analyze::text as analyzed
           from pg_catalog.pg_class c
           left join pg_catalog.pg_stat_user_tables s on s.relid = c.oid
          where c.oid = 'kasalan.persons'::regclass`,
      )
    ).rows[0]!

  test('an import is analyzed before it is answered; a save of one household is not', async () => {
    const { db: own } = await bootstrappedPglite()
    try {
      const id = freshId()
      const link = tab(id)
      leaders.push(answerOn(id, await createCallServer(own), 'own'))
      const before = await persons(own)
      expect(before.tuples).toBeLessThan(200)

      await callRpc(link, DEMO_CLAIMS, 'import_households', importing(300))
      const imported = await persons(own)
      expect(imported.tuples).toBeGreaterThanOrEqual(before.tuples + 600)
      expect(imported.analyzed).not.toBeNull()

      await callRpc(link, DEMO_CLAIMS, 'save_household', {
        ...household('Iisa'),
        p_wedding_id: DEMO.weddingId,
      })
      expect(await persons(own)).toEqual(imported)
    } finally {
      await own.close()
    }
  })

  test('a database that grew in an earlier visit, whose counts of changes a reload forgot, is analyzed at its next save, not at its start', async () => {
    const { db: own } = await bootstrappedPglite()
    try {
      const before = await persons(own)
      // Written without the call server (nothing analyzes), then the counts gone as on a reload.
      await callRpc(own, DEMO_CLAIMS, 'import_households', importing(300))
      await own.query('select pg_catalog.pg_stat_reset()')
      expect((await persons(own)).tuples).toBe(before.tuples)

      // The start adds no work: nothing analyzed (that it stores nothing is the start's own test).
      const id = freshId()
      const link = tab(id)
      leaders.push(answerOn(id, await createCallServer(own), 'own'))
      expect((await persons(own)).tuples).toBe(before.tuples)

      // Its size gives it away at the next save, however small.
      await callRpc(link, DEMO_CLAIMS, 'save_household', {
        ...household('Sunod'),
        p_wedding_id: DEMO.weddingId,
      })
      expect((await persons(own)).tuples).toBeGreaterThanOrEqual(before.tuples + 600)
    } finally {
      await own.close()
    }
  })
})
