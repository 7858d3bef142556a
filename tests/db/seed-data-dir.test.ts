// The embedded database's prebuilt first state (scripts/seed-data-dir.ts), which a browser's first
// visit loads instead of running initdb and the migrations: it must be the very database the
// migrations make, with row-level security and the anonymous calls as they are.
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { describe, expect, it } from 'vitest'
import { buildSeed, readSqlSources } from '../../scripts/lib/seed-data-dir'
import { bootstrap, callRpc, localAuth } from '../../src/lib/backend/local/engine'
import { DEMO, ENGINE } from './harness'

describe.skipIf(ENGINE !== 'pglite')('the prebuilt data directory', () => {
  it('holds every migration and the seed, with RLS and the public calls as the migrations make them', async () => {
    const { dataDir: dump, sites } = await buildSeed()
    expect([dump[0], dump[1]]).toEqual([0x1f, 0x8b])
    const db = await PGlite.create({
      loadDataDir: new Blob([dump], { type: 'application/x-gzip' }),
      extensions: { pgcrypto, unaccent, pg_trgm },
    })
    try {
      // Nothing left to apply: the same shim, migrations and seed are in it.
      expect(await bootstrap(db, readSqlSources())).toEqual([])
      // Only the database the app uses: the templates are left out of the file.
      expect((await db.query<{ datname: string }>('select datname from pg_database')).rows).toEqual(
        [{ datname: 'postgres' }],
      )
      // Its write-ahead log in 1 MB segments, and none kept in reserve: a browser stores each whole.
      expect((await db.query('show wal_segment_size')).rows).toEqual([{ wal_segment_size: '1MB' }])
      expect(
        (await db.query<{ n: number }>('select count(*)::int as n from pg_ls_waldir()')).rows[0]!.n,
      ).toBeLessThanOrEqual(3)

      const site = (await callRpc(db, null, 'get_site', { p_slug: DEMO.slug })) as { slug: string }
      expect(site.slug).toBe(DEMO.slug)
      // A first visit shows the build's answer while this database starts: it is this very answer.
      expect(Object.keys(sites)).toEqual([DEMO.slug])
      expect(sites[DEMO.slug]).toEqual(site)
      await expect(callRpc(db, null, 'get_my_wedding')).rejects.toMatchObject({ code: '42501' })

      // The demo account signs in, and sees its wedding through RLS; a new couple does not.
      const demo = await localAuth(db, 'signIn', DEMO.email, DEMO.password)
      expect(demo.id).toBe(DEMO.userId)
      const stranger = await localAuth(db, 'signUp', 'stranger@example.com', 'correct horse')
      const asStranger = await db.transaction(async (tx) => {
        await tx.query("select set_config('request.jwt.claims', $1, true)", [
          JSON.stringify({ sub: stranger.id, role: 'authenticated' }),
        ])
        await tx.exec('set local role authenticated')
        return (await tx.query<{ n: number }>('select count(*)::int as n from kasalan.weddings'))
          .rows[0]!.n
      })
      expect(asStranger).toBe(0)
    } finally {
      await db.close()
    }
    // Makes a whole database from the SQL, then opens it again: slow on a busy machine.
  }, 120_000)
})
