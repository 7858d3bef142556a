/**
 * Where a session is kept. "Remember me" keeps it in localStorage (it survives closing the
 * browser); unticked, it lives in sessionStorage and ends with the tab.
 *
 * The choice belongs to the tab where it was made, not to the browser: the couple signs in
 * without "Remember me" on a shared laptop, an usher signs up in another tab (remembered), and the
 * couple's session must stay in their tab's sessionStorage all the same, however often either tab
 * writes it again (a reload, a refreshed token). So each tab keeps its own choice in its own
 * sessionStorage, and a tab that made none writes its session back where it already is.
 */
const rememberKey = 'kasalan.remember'

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run()
  } catch {
    return fallback
  }
}

/**
 * Records this tab's choice at a sign-in or sign-up. The browser's last choice is kept too, for a
 * tab that opens with no session of its own yet (an e-mail link's).
 */
export function setRemember(remember: boolean) {
  const value = remember ? '1' : '0'
  safe(() => sessionStorage.setItem(rememberKey, value), undefined)
  safe(() => localStorage.setItem(rememberKey, value), undefined)
}

/**
 * Whether this tab keeps `key` in lasting storage: its own choice at its last sign-in; else where
 * the session already is (this tab's sessionStorage, then localStorage); else the browser's last
 * choice, lasting when none was ever made.
 */
export function keepsLasting(key: string) {
  return safe(() => {
    const own = sessionStorage.getItem(rememberKey)
    if (own !== null) return own !== '0'
    if (sessionStorage.getItem(key) !== null) return false
    if (localStorage.getItem(key) !== null) return true
    return localStorage.getItem(rememberKey) !== '0'
  }, true)
}

/**
 * A Storage-like object for a session: it reads this tab's own session first (sessionStorage),
 * then the lasting one, and writes where this tab keeps it (`keepsLasting`). A tab that keeps its
 * session for the tab alone never touches localStorage, which may hold someone else's lasting
 * session; one that keeps it lasting drops its own tab-only copy.
 */
export const sessionStore = {
  getItem: (key: string) =>
    safe(() => sessionStorage.getItem(key) ?? localStorage.getItem(key), null),
  setItem: (key: string, value: string) =>
    safe(() => {
      if (keepsLasting(key)) {
        localStorage.setItem(key, value)
        sessionStorage.removeItem(key)
      } else {
        sessionStorage.setItem(key, value)
      }
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
