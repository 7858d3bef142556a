// A backup of the embedded database is the whole data directory, so it carries whatever settings
// were made in it: ALTER DATABASE/ROLE … SET, ALTER SYSTEM. One with `standard_conforming_strings`
// off would change how every later message is read. The restore refuses a backup whose settings
// differ from a Kasalan database's, and the engine sets its own on every start all the same.
import { PGlite as RealPGlite, type PGliteOptions } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { BackendError } from '../../src/lib/backend/errors'
import {
  backupSettingsProblem,
  bootstrap,
  localAuth,
  PINNED_SETTINGS,
} from '../../src/lib/backend/local/engine'
import { restoreBackup } from '../../src/lib/backend/local/restore'
import { bootstrappedPglite, DEMO, ENGINE, readSqlFiles } from './harness'

// The restore opens the backup in IndexedDB, which Node has not: here it opens in memory.
vi.mock('@electric-sql/pglite', async (importOriginal) => {
  const real = await importOriginal<{ PGlite: typeof RealPGlite }>()
  const create = (options?: PGliteOptions) => {
    const { dataDir: _inIndexedDb, ...inMemory } = options ?? {}
    return real.PGlite.create(inMemory)
  }
  return { ...real, PGlite: Object.assign(Object.create(real.PGlite) as object, { create }) }
})

const dataDir = vi.hoisted(() => ({ switched: [] as string[], deleted: [] as string[] }))
vi.mock('../../src/lib/backend/local/data-dir', () => ({
  switchDataDir: (dir: string) => dataDir.switched.push(dir),
  deleteDataDir: async (dir: string) => {
    dataDir.deleted.push(dir)
  },
}))

const extensions = { pgcrypto, unaccent, pg_trgm }
let db: RealPGlite

beforeAll(async () => {
  db = (await bootstrappedPglite()).db
})

afterAll(async () => {
  await db?.close()
})

beforeEach(() => {
  dataDir.switched.length = 0
  dataDir.deleted.length = 0
})

/** The database as a backup file, after `change` (undone afterwards), as the app downloads it. */
async function backupAfter(change: string, undo: string): Promise<Blob> {
  await db.exec(change)
  try {
    return new Blob([await db.dumpDataDir('gzip')], { type: 'application/x-gzip' })
  } finally {
    await db.exec(undo)
  }
}

async function opened(backup: Blob) {
  return RealPGlite.create({ loadDataDir: backup, extensions })
}

describe.skipIf(ENGINE !== 'pglite')('restoring a backup', () => {
  test('a Kasalan backup has our settings, and is restored', async () => {
    const backup = await backupAfter('select 1', 'select 1')
    const copy = await opened(backup)
    try {
      expect(await backupSettingsProblem(copy)).toBeNull()
    } finally {
      await copy.close()
    }
    await restoreBackup(backup)
    expect(dataDir.switched).toHaveLength(1)
    expect(dataDir.deleted).toEqual([])
  })

  const carried = [
    [
      'ALTER DATABASE … SET',
      'alter database postgres set standard_conforming_strings = off',
      'alter database postgres reset all',
    ],
    [
      'ALTER ROLE … SET',
      'alter role postgres set standard_conforming_strings = off',
      'alter role postgres reset all',
    ],
    [
      'ALTER SYSTEM',
      'alter system set standard_conforming_strings = off',
      'alter system reset all',
    ],
    [
      'a harmless-looking setting',
      'alter database postgres set work_mem = 8192',
      'alter database postgres reset all',
    ],
  ] as const

  test.each(carried)(
    'a backup carrying settings by %s is refused, and nothing changes',
    async (_how, change, undo) => {
      const backup = await backupAfter(change, undo)
      const copy = await opened(backup)
      try {
        expect(await backupSettingsProblem(copy)).not.toBeNull()
      } finally {
        await copy.close()
      }
      const refused = await restoreBackup(backup).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(BackendError)
      expect(refused).toMatchObject({ message: 'backup_settings_differ' })
      expect(dataDir.switched).toEqual([])
      expect(dataDir.deleted).toHaveLength(1)
    },
  )

  test('a new session on a backup made with standard_conforming_strings off by ALTER SYSTEM reads SQL that way', async () => {
    // Why the check matters: the setting is in force before anything the app sends.
    const copy = await opened(
      await backupAfter(
        'alter system set standard_conforming_strings = off',
        'alter system reset all',
      ),
    )
    try {
      const { rows } = await copy.query<{ v: string }>(
        "select current_setting('standard_conforming_strings') as v",
      )
      expect(rows[0]!.v).toBe('off')
      expect(await backupSettingsProblem(copy)).toMatch(/ALTER SYSTEM/)

      // And the engine sets its own on every start, before it reads or sends any SQL text.
      expect(await bootstrap(copy, readSqlFiles())).toEqual([])
      const pinned = await copy.query<{ name: string; value: string }>(
        'select name, current_setting(name) as value from unnest($1::text[]) as name',
        [Object.keys(PINNED_SETTINGS)],
      )
      expect(Object.fromEntries(pinned.rows.map((row) => [row.name, row.value]))).toEqual(
        PINNED_SETTINGS,
      )
      const demo = await localAuth(copy, 'signIn', DEMO.email, DEMO.password)
      expect(demo.id).toBe(DEMO.userId)
    } finally {
      await copy.close()
    }
  })

  test('a file that is not a Kasalan database is still refused as one', async () => {
    const other = await RealPGlite.create()
    const backup = new Blob([await other.dumpDataDir('gzip')], { type: 'application/x-gzip' })
    await other.close()
    await expect(restoreBackup(backup)).rejects.toMatchObject({ message: 'backup_invalid' })
    expect(dataDir.switched).toEqual([])
  })
})
