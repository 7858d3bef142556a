// What the door's check-in screen keeps in this browser (its list and its queue of check-ins not yet
// sent, one key each per wedding): counted and cleared on sign-out, so no guest data stays behind.

/** Where the door keeps its list and its queue, one key per wedding. */
export const STORAGE_PREFIX = 'kasalan.checkin.'

/** Removes every wedding's door list and queue from this browser (on sign-out). */
export function clearDoorStorage(
  storage: Pick<Storage, 'length' | 'key' | 'removeItem'> = window.localStorage,
) {
  try {
    const keys: string[] = []
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i)
      if (key?.startsWith(STORAGE_PREFIX)) keys.push(key)
    }
    for (const key of keys) storage.removeItem(key)
  } catch {
    // Storage not available: nothing was kept.
  }
}

/** How many door actions in this browser still wait to be sent, over every wedding. */
export function waitingInStorage(
  storage: Pick<Storage, 'length' | 'key' | 'getItem'> = window.localStorage,
): number {
  try {
    let count = 0
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i)
      if (!key?.startsWith(`${STORAGE_PREFIX}queue.`)) continue
      const queue: unknown = JSON.parse(storage.getItem(key) ?? '[]')
      if (Array.isArray(queue)) count += queue.length
    }
    return count
  } catch {
    return 0
  }
}
