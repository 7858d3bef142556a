import { PGliteWorker } from '@electric-sql/pglite/worker'
import seedDataDir from 'virtual:kasalan-seed-data-dir'
import { BackendError } from '../errors'
import type { Backend } from '../types'
import { createLocalAuth } from './auth'
import { currentDataDir, deletePreviousDataDir } from './data-dir'
import { callRpc, RpcError } from './engine'

/**
 * The embedded database: PGlite in a worker shared by every tab, kept in IndexedDB. Each call runs
 * as Supabase would run it (JWT claims and `set local role`), so row-level security is real.
 */
export async function createLocalBackend(): Promise<Backend> {
  performance.mark('kasalan:db-start')
  const db = new PGliteWorker(
    new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'kasalan-db' }),
    // One leader per data directory: after a restore, this tab opens the restored one even while
    // another tab still holds the one it replaced.
    // A first visit loads the database the build prepared instead of making it here.
    { dataDir: currentDataDir(), id: currentDataDir(), meta: { seedDataDir } },
  )
  await db.waitReady
  performance.measure('kasalan:db-ready', 'kasalan:db-start')
  void deletePreviousDataDir()
  const auth = createLocalAuth(db)
  // A signed-in couple's wedding lives only here: ask the browser not to evict it.
  if (auth.claims()) void navigator.storage?.persist?.()

  return {
    kind: 'local',
    async rpc(name, args) {
      try {
        return await callRpc(db, auth.claims(), name, args)
      } catch (error) {
        if (error instanceof RpcError) throw new BackendError(error.message, error.code)
        throw error
      }
    },
    mayHaveSession: () => auth.claims() !== null,
    localData: {
      persisted: async () => (navigator.storage?.persisted ? navigator.storage.persisted() : null),
      persist: async () => (navigator.storage?.persist ? navigator.storage.persist() : false),
      backup: () => db.dumpDataDir('gzip'),
      restore: (file) => import('./restore').then((m) => m.restoreBackup(file)),
    },
    async auth() {
      return auth.port
    },
  }
}
