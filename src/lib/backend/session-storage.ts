/**
 * Where a session is kept. "Remember me" keeps it in localStorage (it survives closing the
 * browser); unticked, it lives in sessionStorage and ends with the browser session.
 */
const rememberKey = 'kasalan.remember'

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run()
  } catch {
    return fallback
  }
}

export function setRemember(remember: boolean) {
  safe(() => localStorage.setItem(rememberKey, remember ? '1' : '0'), undefined)
}

export function remembers() {
  return safe(() => localStorage.getItem(rememberKey) !== '0', true)
}

/** A Storage-like object that writes where "Remember me" says and reads from both. */
export const sessionStore = {
  getItem: (key: string) =>
    safe(() => sessionStorage.getItem(key) ?? localStorage.getItem(key), null),
  setItem: (key: string, value: string) =>
    safe(() => {
      const [keep, drop] = remembers()
        ? [localStorage, sessionStorage]
        : [sessionStorage, localStorage]
      keep.setItem(key, value)
      drop.removeItem(key)
    }, undefined),
  removeItem: (key: string) =>
    safe(() => {
      localStorage.removeItem(key)
      sessionStorage.removeItem(key)
    }, undefined),
}

/** Where the embedded database's adapter keeps the signed-in user. */
export const localSessionKey = 'kasalan.local.session'

/**
 * Whether this browser holds a session of either adapter (ours, or supabase-js's
 * `sb-<ref>-auth-token`), known without starting the backend: a visitor with none is signed out
 * at once, before the embedded database has even booted.
 */
export function holdsStoredSession() {
  return safe(
    () =>
      [localStorage, sessionStorage].some((storage) =>
        Object.keys(storage).some(
          (key) =>
            key === localSessionKey || (key.startsWith('sb-') && key.endsWith('-auth-token')),
        ),
      ),
    false,
  )
}
