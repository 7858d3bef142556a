// What the hosted stack's tests share: the stack's address and keys, plain HTTP calls as a browser
// makes them, and accounts made the way a person makes one (sign up, open the e-mail's link).

import pg from 'pg'
import { inject } from 'vitest'
import type { OutboxMessage } from '../../scripts/hosted-stack/outbox'

export const hosted = () => inject('kasalanHosted')

let count = 0
/** A new address for this test run. */
export const newEmail = (label = 'user') =>
  `${label}-${process.pid}-${Date.now()}-${++count}@example.com`

/** The stack's database as `user` (supabase_admin: the superuser; postgres: the migrations' owner). */
export function database(user = 'supabase_admin') {
  const { db } = hosted()
  const pool = new pg.Pool({ host: db.host, port: db.port, database: db.database, user, max: 2 })
  pool.on('error', () => undefined)
  return pool
}

export interface Answer<T = unknown> {
  status: number
  headers: Headers
  body: T
}

/** One request to the stack, its body read as JSON when it is JSON. */
export async function call<T = unknown>(
  path: string,
  init: RequestInit & { key?: string | null; token?: string } = {},
): Promise<Answer<T>> {
  const { url, anonKey } = hosted()
  const headers = new Headers(init.headers)
  const key = init.key === undefined ? anonKey : init.key
  if (key) headers.set('apikey', key)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  const response = await fetch(`${url}${path}`, { ...init, headers, redirect: 'manual' })
  const text = await response.text()
  let body: unknown = text
  if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text)
  return { status: response.status, headers: response.headers, body: body as T }
}

/** A call of kasalan.<name> as PostgREST takes it from the app: POST, Content-Profile kasalan. */
export function rpc<T = unknown>(name: string, args: Record<string, unknown>, token?: string) {
  return call<T>(`/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Profile': 'kasalan' },
    body: JSON.stringify(args),
    ...(token ? { token } : {}),
  })
}

/** The e-mails sent to an address, oldest first. */
export async function mailTo(email: string): Promise<OutboxMessage[]> {
  return (await call<OutboxMessage[]>(`/__outbox?to=${encodeURIComponent(email)}`, { key: null }))
    .body
}

/** The fragment of a redirect's Location, as a map. */
export function fragmentOf(location: string | null): Record<string, string> {
  return Object.fromEntries(new URLSearchParams((location ?? '').split('#')[1] ?? ''))
}

export interface Session {
  access_token: string
  refresh_token: string
  expires_in: number
  expires_at: number
  token_type: string
  user: { id: string; email: string }
}

/** Signs up, opens the confirmation e-mail's link, and returns the session the link gave. */
export async function confirmedUser(
  label = 'user',
  password = 'correct horse battery',
): Promise<{ email: string; password: string; session: Session }> {
  const email = newEmail(label)
  const signup = await call('/auth/v1/signup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (signup.status !== 200)
    throw new Error(`sign-up failed: ${signup.status} ${JSON.stringify(signup.body)}`)
  const [mail] = await mailTo(email)
  const link = await fetch(mail!.links[0]!, { redirect: 'manual' })
  const fragment = fragmentOf(link.headers.get('location'))
  if (!fragment.access_token)
    throw new Error(`the confirmation link gave no session: ${link.headers.get('location')}`)
  const token = await call<Session>('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ email, password }),
  })
  return { email, password, session: token.body }
}

/** A confirmed user with a wedding of their own, made through the Data API as the app makes it. */
export async function couple(label = 'couple') {
  const user = await confirmedUser(label)
  const created = await rpc<{ id: string; slug: string }>(
    'create_my_wedding',
    {
      p_bride: { firstName: 'Maria', lastName: 'Reyes' },
      p_groom: { firstName: 'Juan', lastName: 'Cruz' },
      p_date: '2027-02-14',
    },
    user.session.access_token,
  )
  if (created.status !== 200)
    throw new Error(`create_my_wedding failed: ${created.status} ${JSON.stringify(created.body)}`)
  return { ...user, wedding: created.body }
}
