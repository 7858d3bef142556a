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
}

/** The one way the app reaches data: a call to a SQL function in schema `kasalan`. */
export interface Backend {
  readonly kind: BackendKind
  rpc(name: string, args?: Record<string, unknown>): Promise<unknown>
  /** Loads the auth client (on Supabase, supabase-js: keep it off the public site's first load). */
  auth(): Promise<AuthPort>
  /** Whether this browser holds a session, known without loading the auth client. */
  mayHaveSession(): boolean
}
