/**
 * The app built as production runs it (Supabase mode), by one recipe for the site's budget and
 * benchmark and for the hosted stack's browser tests, so CI builds it once for all of them: its
 * data calls go to SUPABASE_HOST, which each of them sends to its own server in Chromium
 * (`--host-resolver-rules`), and it carries the hosted stack's anon key (the same on every start;
 * the budget's stand-in takes any key), so the stack accepts its calls whatever port it is on.
 */
import { execFileSync } from 'node:child_process'
import { createKeys } from '../hosted-stack/keys'

/** The host the Supabase-mode build calls for its data; mapped in Chromium to a server here. */
export const SUPABASE_HOST = 'kasalan-stand-in.supabase.co'

/** The Chromium flag that sends the build's Supabase host to a server on this machine's `port`. */
export const supabaseHostRule = (port: number) =>
  `--host-resolver-rules=MAP ${SUPABASE_HOST} 127.0.0.1:${port}`

export async function buildSupabaseMode(outDir: string) {
  const { anonKey } = await createKeys()
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_SUPABASE_URL: `http://${SUPABASE_HOST}`,
      VITE_SUPABASE_ANON_KEY: anonKey,
    },
  })
}
