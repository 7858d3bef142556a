// Restoring a backup of the embedded database: the file is opened as a database of its own (in a
// new IndexedDB database) and checked before it becomes the one the app opens. Loaded only when a
// couple restores a backup.

import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { BackendError } from '../errors'
import { deleteDataDir, switchDataDir } from './data-dir'
import { backupSettingsProblem } from './engine'

const GZIP_MAGIC = [0x1f, 0x8b]

/** Opens `file` as a new data directory, checks it is a Kasalan database, then makes it current. */
export async function restoreBackup(file: Blob): Promise<void> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer())
  const gzipped = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]
  // PGlite tells a compressed file by its type; the type of a file picked from disk varies.
  const backup = new Blob([file], { type: gzipped ? 'application/x-gzip' : 'application/x-tar' })
  const dataDir = `idb://kasalan-${Date.now()}`

  let db: PGlite | undefined
  let refusal: 'backup_invalid' | 'backup_settings_differ' = 'backup_invalid'
  try {
    db = await PGlite.create({
      dataDir,
      loadDataDir: backup,
      relaxedDurability: false,
      extensions: { pgcrypto, unaccent, pg_trgm },
    })
    const { rows } = await db.query<{ ok: boolean }>(
      `select to_regclass('kasalan.weddings') is not null
          and to_regclass('kasalan_local.applied_versions') is not null
          and exists (select 1 from kasalan_local.applied_versions where version = 'auth-shim') as ok`,
    )
    if (!rows[0]?.ok) throw new Error('not a Kasalan database')
    // Settings a backup carries (standard_conforming_strings off, say) would change how every
    // later message is read: such a file was not made by Kasalan and is refused whole.
    const problem = await backupSettingsProblem(db)
    if (problem) {
      refusal = 'backup_settings_differ'
      throw new Error(problem)
    }
    await db.close()
  } catch {
    await db?.close().catch(() => undefined)
    await deleteDataDir(dataDir)
    throw new BackendError(refusal, 'P0001')
  }
  switchDataDir(dataDir)
}
