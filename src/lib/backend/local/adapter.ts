import seedDataDir from 'virtual:kasalan-seed-data-dir'
import { BackendError } from '../errors'
import type { Backend } from '../types'
import { createLocalAuth } from './auth'
import { currentDataDir, dataDirExists, deletePreviousDataDir } from './data-dir'
import { callRpc, RpcError } from './engine'
import { seedSiteAnswer, type SeedSites } from './seed-sites'
import { TabLink } from './tab-link'

/** How long a call waits for the database to open before saying it does not answer. */
const READY_TIME_LIMIT_MS = 120_000

/**
 * The embedded database: PGlite in a worker, kept in IndexedDB; the worker of one tab opens it and
 * answers every tab (tab-link.ts, leader.ts). Each call runs as Supabase would run it (JWT claims
 * and `set local role`), so row-level security is real.
 *
 * The backend is handed out while the database starts; every call waits for it. On a first visit
 * only, the seeded site answers from the build's snapshot meanwhile (see `seedSiteAnswer`).
 */
export async function createLocalBackend(): Promise<Backend> {
  performance.mark('kasalan:db-start')
  const dataDir = currentDataDir()
  // Asked now, before the worker can open the directory (opening makes it), and answered while the
  // worker loads: the worker starts at once rather than after IndexedDB has answered.
  const exists = dataDirExists(dataDir)
  const db = new TabLink(
    new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'kasalan-db' }),
    // One leader per data directory: after a restore, this tab opens the restored one even while
    // another tab still holds the one it replaced.
    // A browser without the directory loads the database the build prepared instead of making it
    // here; the worker looks for the directory itself before it does (another tab may have made it).
    { id: dataDir, dataDir, meta: { seedDataDir } },
  )
  const startedEmpty = !(await exists)
  const firstVisit = seedDataDir !== null && startedEmpty
  const seedSites: Promise<SeedSites | null> | null = firstVisit
    ? import('virtual:kasalan-seed-sites').then((m) => m.default).catch(() => null)
    : null
  let databaseReady = false
  const ready = db.waitReady.then(() => {
    databaseReady = true
    performance.measure('kasalan:db-ready', 'kasalan:db-start')
    void deletePreviousDataDir()
  })
  // A first visit may take a while (migrations on a slow phone), but not for ever.
  const readyInTime = () =>
    databaseReady
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new BackendError('database_no_answer', 'timeout')),
            READY_TIME_LIMIT_MS,
          )
          void ready.then(() => {
            clearTimeout(timer)
            resolve()
          })
        })
  // Reads the session this browser keeps; it asks the database only when called, after `ready`.
  const auth = createLocalAuth(db)
  // A signed-in couple's wedding lives only here: ask the browser not to evict it.
  if (auth.claims()) void navigator.storage?.persist?.()

  return {
    kind: 'local',
    async rpc(name, args) {
      if (seedSites && !databaseReady) {
        const sites = await seedSites
        const answer = seedSiteAnswer(sites, name, args, {
          signedIn: auth.claims() !== null,
          databaseReady,
        })
        if (answer !== undefined) return answer
      }
      await readyInTime()
      try {
        return await callRpc(db, auth.claims(), name, args)
      } catch (error) {
        if (error instanceof RpcError) throw new BackendError(error.message, error.code)
        throw error
      }
    },
    mayHaveSession: () => auth.claims() !== null,
    localData: {
      startedEmpty,
      persisted: async () => (navigator.storage?.persisted ? navigator.storage.persisted() : null),
      persist: async () => (navigator.storage?.persist ? navigator.storage.persist() : false),
      backup: () => readyInTime().then(() => db.dumpDataDir('gzip')),
      restore: (file) => import('./restore').then((m) => m.restoreBackup(file)),
    },
    async auth() {
      await readyInTime()
      return auth.port
    },
  }
}
