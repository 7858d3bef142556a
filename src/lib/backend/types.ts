export type BackendKind = 'local' | 'supabase'

export interface AuthUser {
  id: string
  email: string
  userMetadata: Record<string, unknown>
}

export interface AuthSession {
  user: AuthUser
}

export type OAuthProvider = 'google' | 'apple'

/** Sign-up, sign-in and the session, the same for hosted Supabase and the embedded database. */
export interface AuthPort {
  /** What this backend can do: the embedded database sends no e-mail and has no Google or Apple. */
  readonly capabilities: { oauth: boolean; email: boolean }
  getSession(): Promise<AuthSession | null>
  /** Calls back on every sign-in, sign-out and token refresh; returns the unsubscribe function. */
  onChange(listener: (session: AuthSession | null) => void): () => void
  signUp(input: {
    email: string
    password: string
    metadata: Record<string, unknown>
    emailRedirectTo: string
  }): Promise<{ user: AuthUser; session: AuthSession | null }>
  signIn(input: { email: string; password: string; remember: boolean }): Promise<AuthSession>
  signInWithProvider(provider: OAuthProvider, redirectTo: string): Promise<void>
  signOut(): Promise<void>
  requestPasswordReset(email: string, redirectTo: string): Promise<void>
  updatePassword(password: string): Promise<void>
  /**
   * Calls a Supabase Edge Function (`supabase/functions/<name>`) as the signed-in user; rejects with
   * BackendError(<the function's error code>). Absent on the embedded database, which has none.
   * Here rather than on Backend so the public site's first load does not carry it.
   */
  invoke?(name: string, body: Record<string, unknown>): Promise<unknown>
  /**
   * The signed-in user's access token for a request made by hand (the Data API's, Storage's),
   * refreshed first when it has expired; null when signed out. Rejects as the network (a TypeError)
   * when the browser is offline or the token could not be refreshed on it. `refresh`: a new one
   * even if this one looks valid here (the server said it had expired). Absent on the embedded
   * database, which has no tokens.
   */
  accessToken?(options?: { refresh?: boolean }): Promise<string | null>
}

/**
 * The embedded database as a file of its own (the embedded backend only): the couple's whole
 * wedding lives in this browser's storage, so it can be kept safe and brought back.
 */
export interface LocalDataPort {
  /**
   * True when this start found no database in this browser and made a new one (a first visit, or
   * one whose storage the browser deleted); false when it opened the one kept here, or cannot tell.
   */
  readonly startedEmpty: boolean
  /** Whether the browser has promised to keep this site's storage (null: it cannot say). */
  persisted(): Promise<boolean | null>
  /** Asks the browser to keep this site's storage when space runs low; true when it agrees. */
  persist(): Promise<boolean>
  /** The whole database as one compressed file. */
  backup(): Promise<Blob>
  /**
   * Checks that `file` is a Kasalan backup and, only then, makes it the database from the next
   * start (the caller reloads the page). Throws BackendError('backup_invalid'), or
   * 'backup_settings_differ' for a database carrying settings of its own, and changes nothing
   * otherwise.
   */
  restore(file: Blob): Promise<void>
}

/** The one way the app reaches data: a call to a SQL function in schema `kasalan`. */
export interface Backend {
  readonly kind: BackendKind
  /** The embedded database's file: backups and persistent storage (undefined on Supabase). */
  readonly localData?: LocalDataPort
  rpc(name: string, args?: Record<string, unknown>): Promise<unknown>
  /** Loads the auth client (on Supabase, supabase-js: keep it off the public site's first load). */
  auth(): Promise<AuthPort>
  /** Whether this browser holds a session, known without loading the auth client. */
  mayHaveSession(): boolean
}
