// Which IndexedDB database holds the embedded database. A restored backup is written to a new one
// and becomes current only once it has been checked, so a bad file never replaces anything; the
// previous one is deleted at the next start.

const CURRENT_KEY = 'kasalan.db.dataDir'
const PREVIOUS_KEY = 'kasalan.db.previousDataDir'
export const DEFAULT_DATA_DIR = 'idb://kasalan'

/** The data directory to open now. */
export function currentDataDir(): string {
  return localStorage.getItem(CURRENT_KEY) ?? DEFAULT_DATA_DIR
}

/** Makes `dataDir` the one to open from the next start, and marks the current one for deletion. */
export function switchDataDir(dataDir: string) {
  localStorage.setItem(PREVIOUS_KEY, currentDataDir())
  localStorage.setItem(CURRENT_KEY, dataDir)
}

/** PGlite keeps `idb://name` in the IndexedDB database `/pglite/name`. */
export function dataDirDatabase(dataDir: string) {
  return `/pglite/${dataDir.replace(/^idb:\/\//, '')}`
}

/**
 * True when this browser already holds the data directory `idb://name`; unknown counts as true
 * (open it as it is, and let the migrations build it if it is new). The worker and the page both ask.
 */
export async function dataDirExists(dataDir: string): Promise<boolean> {
  const name = dataDirDatabase(dataDir)
  try {
    return (await indexedDB.databases()).some((database) => database.name === name)
  } catch {
    return true
  }
}

export function deleteDataDir(dataDir: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(dataDirDatabase(dataDir))
    request.onsuccess = request.onerror = request.onblocked = () => resolve()
  })
}

/** Deletes the data directory a restore replaced, once the new one is open. */
export async function deletePreviousDataDir() {
  const previous = localStorage.getItem(PREVIOUS_KEY)
  if (!previous || previous === currentDataDir()) return
  await deleteDataDir(previous)
  localStorage.removeItem(PREVIOUS_KEY)
}
