// What the hosted browser journeys share: the stack's address, its outbox, a phone (a browser
// context of its own, 360 px wide), and the setting up that is not what a journey tests (an
// account, a wedding and its households) done over HTTP as the app itself does it.

import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import { stackPort } from '../../playwright.hosted.config'
import type { OutboxMessage } from '../../scripts/hosted-stack/outbox'
import { createKeys } from '../../scripts/hosted-stack/keys'
import { SUPABASE_HOST } from '../../scripts/lib/supabase-mode'

/** The stack, as the tests reach it. */
export const stack = `http://127.0.0.1:${stackPort}`
/** The stack, as the app's build names it (Chromium sends this host to the stack). */
export const appStack = `http://${SUPABASE_HOST}`
export const phone = { viewport: { width: 360, height: 740 }, hasTouch: true }
export const READY = { timeout: 30_000 }

/**
 * What the phones of the running test met that a person would not see: refused requests, failed
 * ones and console errors, in order. Printed when the test fails, so that a failure in CI (where a
 * screen only says "Something went wrong") says which call failed and how.
 */
const journal: string[] = []

export function keepJournal(page: Page, phoneName: string) {
  const note = (line: string) =>
    journal.push(`${new Date().toISOString().slice(11, 23)} ${phoneName} ${line}`)
  page.on('response', (response) => {
    if (response.status() < 400) return
    void response.text().then(
      (body) =>
        note(
          `${response.status()} ${response.request().method()} ${response.url()} ${body.slice(0, 300)}`,
        ),
      () => note(`${response.status()} ${response.request().method()} ${response.url()}`),
    )
  })
  page.on('requestfailed', (request) =>
    note(`failed ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`),
  )
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(`console ${message.type()}: ${message.text().slice(0, 300)}`)
  })
  page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 300)}`))
}

// Playwright reads a hook's fixtures from its first parameter, which must be a destructuring.
// eslint-disable-next-line no-empty-pattern
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && journal.length > 0) {
    console.log(`What the phones met in "${testInfo.title}":\n${journal.join('\n')}`)
  }
  journal.length = 0
})

let phones = 0
/** A new phone: a browser context of its own (its own storage, its own network), and a page in it. */
export async function newPhone(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ ...phone, ...options })
  const page = await context.newPage()
  keepJournal(page, `phone ${++phones}`)
  return page
}

/** The e-mails the outbox holds for an address, oldest first. */
export async function mailTo(email: string): Promise<OutboxMessage[]> {
  return (await fetch(`${stack}/__outbox?to=${encodeURIComponent(email)}`)).json() as Promise<
    OutboxMessage[]
  >
}

let count = 0
/** An address no other test of this run uses. */
export function newEmail(label: string): string {
  return `${label}-${process.pid}-${Date.now()}-${++count}@example.com`
}

/** A call of kasalan.<name> as the app makes it (PostgREST's RPC, Content-Profile kasalan). */
export async function rpc<T = unknown>(
  name: string,
  args: Record<string, unknown>,
  token?: string,
): Promise<{ status: number; body: T }> {
  const { anonKey } = await createKeys()
  const response = await fetch(`${stack}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${token ?? anonKey}`,
      'Content-Type': 'application/json',
      'Content-Profile': 'kasalan',
    },
    body: JSON.stringify(args),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
}

async function auth<T>(path: string, body: unknown): Promise<T> {
  const { anonKey } = await createKeys()
  const response = await fetch(`${stack}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`auth/v1/${path}: ${response.status} ${await response.text()}`)
  return response.json() as Promise<T>
}

/** Auth's answer to a sign-in with a password (`token?grant_type=password`), as it came. */
export async function passwordSignIn(email: string, password: string): Promise<Response> {
  const { anonKey } = await createKeys()
  return fetch(`${stack}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    // As supabase-js sends it: errors then come as {code, message}.
    headers: {
      apikey: anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify({ email, password }),
  })
}

/** Signs in with a password: the access token, as the app would hold it. */
export async function passwordToken(email: string, password: string): Promise<string> {
  const answer = await passwordSignIn(email, password)
  if (!answer.ok) throw new Error(`sign-in failed: ${answer.status} ${await answer.text()}`)
  return ((await answer.json()) as { access_token: string }).access_token
}

export interface Account {
  email: string
  password: string
}

/**
 * A call as this account, signed in for it: access tokens last seconds on this stack
 * (playwright.hosted.config.ts), so none is kept between calls.
 */
export async function rpcAs<T = unknown>(
  account: Account,
  name: string,
  args: Record<string, unknown>,
) {
  const answer = await rpc<T>(name, args, await passwordToken(account.email, account.password))
  expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200)
  return answer.body
}

/** An account made as a person makes one: signed up, and the confirmation e-mail's link opened. */
export async function confirmedAccount(
  label: string,
  metadata: Record<string, unknown> = {},
): Promise<Account> {
  const email = newEmail(label)
  const password = `${label}-pass-2027`
  await auth('signup', { email, password, data: metadata })
  await expect.poll(async () => (await mailTo(email)).length).toBe(1)
  const [mail] = await mailTo(email)
  const confirmed = await fetch(mail!.links[0]!, { redirect: 'manual' })
  expect(confirmed.headers.get('location')).toContain('access_token=')
  return { email, password }
}

export interface Wedding {
  id: string
  slug: string
}

export interface Household {
  id: string
  persons: Array<{ id: string; firstName: string; lastName: string }>
}

/** A couple's account with a wedding and these households, each one person (first, last). */
export async function coupleWithGuests(
  bride: string,
  groom: string,
  guests: Array<[string, string]>,
): Promise<{ couple: Account; wedding: Wedding; households: Household[] }> {
  const couple = await confirmedAccount('couple', { name: `${bride} & ${groom}` })
  const wedding = await rpcAs<Wedding>(couple, 'create_my_wedding', {
    p_bride: { firstName: bride, lastName: 'Reyes' },
    p_groom: { firstName: groom, lastName: 'Cruz' },
    p_date: '2027-02-14',
  })
  const households: Household[] = []
  for (const [firstName, lastName] of guests) {
    households.push(
      await rpcAs<Household>(couple, 'save_household', {
        p_wedding_id: wedding.id,
        p_household: { persons: [{ firstName, lastName }] },
      }),
    )
  }
  return { couple, wedding, households }
}

/** An usher of the wedding: an account of their own that accepted the couple's usher link. */
export async function usherOf(wedding: Wedding, couple: Account, name: string): Promise<Account> {
  const invitation = await rpcAs<{ token: string }>(couple, 'create_member_invitation', {
    p_wedding_id: wedding.id,
    p_role: 'usher',
  })
  const usher = await confirmedAccount('usher', { name, joinedByInvitation: true })
  await rpcAs(usher, 'accept_member_invitation', {
    p_token: invitation.token,
    p_display_name: name,
  })
  return usher
}

/** Signs in on the phone through the sign-in page; resolves once management has opened. */
export async function signInOnPhone(page: Page, account: Account, returnTo = '/manage/guests') {
  await page.goto(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/manage\//, READY)
}

/** The supabase-js session this phone keeps (its `sb-<ref>-auth-token`), or null. */
export function storedSession(
  page: Page,
): Promise<{ access_token: string; refresh_token: string; expires_at: number } | null> {
  return page.evaluate(() => {
    for (const storage of [localStorage, sessionStorage]) {
      const key = Object.keys(storage).find(
        (name) => name.startsWith('sb-') && name.endsWith('-auth-token'),
      )
      if (key)
        return JSON.parse(storage.getItem(key)!) as {
          access_token: string
          refresh_token: string
          expires_at: number
        }
    }
    return null
  })
}

/** The door's roster as the server has it, read by a member signing in for it. */
export function serverRoster(weddingId: string, member: Account) {
  return rpcAs<{ version: number; arrivals: string[]; walkIns: unknown[] }>(
    member,
    'get_checkin_roster',
    { p_wedding_id: weddingId },
  )
}

/** The median of some figures (ms). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
