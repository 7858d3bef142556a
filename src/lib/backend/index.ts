import { env } from '@/lib/env'
import type { Backend } from './types'

let backend: Promise<Backend> | undefined

/**
 * The backend this build runs on: hosted Supabase when its variables are set, else the embedded
 * PGlite database. Each adapter is its own chunk, so the public site loads only the one in use.
 */
export function getBackend(): Promise<Backend> {
  // Tested on the inlined variable itself so the bundler drops the branch that is not used.
  backend ??= import.meta.env.VITE_SUPABASE_URL
    ? import('./supabase/adapter').then((m) => m.createSupabaseBackend(env.supabase!))
    : import('./local/adapter').then((m) => m.createLocalBackend())
  return backend
}

export { BackendError, isNetworkError } from './errors'
export type {
  AuthPort,
  AuthSession,
  AuthUser,
  Backend,
  BackendKind,
  LocalDataPort,
  OAuthProvider,
} from './types'
