import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'

/** The demo account, as the seed creates it (supabase/seed-data/demo-wedding.json). */
interface SeedAccount {
  id: string
  email: string
  password: string
  userMetadata: Record<string, unknown>
}

const seedFile = new URL('../../supabase/seed-data/demo-wedding.json', import.meta.url)

export function demoAccount(): SeedAccount {
  const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as { account: SeedAccount }
  return seed.account
}

/**
 * Signs the page in as the demo couple without going through the login page: puts the embedded
 * database's session (`kasalan.local.session`, see src/lib/backend/local/auth.ts) into storage
 * before the app's scripts run, so a test can open /manage/... straight away. Call it before the
 * first `page.goto`. It seeds the session once per tab, so a test may still log out afterwards.
 */
export async function signInAsDemo(page: Page) {
  const { id, email, userMetadata } = demoAccount()
  await page.addInitScript(
    ({ session }) => {
      // Sandboxed frames (a map, a video) may not touch storage; they need no session.
      try {
        const marker = 'kasalan.e2e.signedInAsDemo'
        if (sessionStorage.getItem(marker)) return
        sessionStorage.setItem(marker, '1')
        localStorage.setItem('kasalan.remember', '1')
        localStorage.setItem('kasalan.local.session', JSON.stringify(session))
      } catch {
        // Nothing to seed where storage is denied.
      }
    },
    { session: { user: { id, email, userMetadata } } },
  )
}

/**
 * Signs one tab in as the demo couple for that tab alone (the session in sessionStorage), so other
 * tabs of the same browser, which share the embedded database, may sign in as someone else (an
 * usher joining by the couple's link). Call it before the tab's first `page.goto`.
 */
export async function signInTabAsDemo(page: Page) {
  const { id, email, userMetadata } = demoAccount()
  await page.addInitScript(
    ({ key, session }) => {
      if (sessionStorage.getItem('kasalan.e2e.tab')) return
      sessionStorage.setItem('kasalan.e2e.tab', '1')
      localStorage.setItem('kasalan.remember', '0')
      sessionStorage.setItem(key, JSON.stringify(session))
    },
    { key: 'kasalan.local.session', session: { user: { id, email, userMetadata } } },
  )
}
