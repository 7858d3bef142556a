// `npm run dev:hosted`: the hosted stack (scripts/hosted-stack/stack.ts) on http://127.0.0.1:54321,
// with the Edge Functions, and the app's dev server configured to use it. `--stack-only` starts
// the stack alone. Ctrl-C stops everything and deletes the stack's data.
//   HOSTED_STACK_PORT   the stack's port (default 54321, the Supabase CLI's)
//   HOSTED_STACK_JWT_EXPIRY  access tokens' lifetime in seconds (default 3600)
//   HOSTED_APP_PORT     the app's dev server port (default 5173)
//   HOSTED_SITE_URL     the app's address for e-mail links (default http://localhost:<HOSTED_APP_PORT>)
// `--print-anon-key` prints the anon key (the same on every start) and exits.

import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createKeys } from './keys'
import { startHostedStack } from './stack'

const stackOnly = process.argv.includes('--stack-only')
if (process.argv.includes('--print-anon-key')) {
  // For a build made before the stack starts (scripts/lib/supabase-mode.ts makes its own).
  console.log((await createKeys()).anonKey)
  process.exit(0)
}
const appPort = Number(process.env.HOSTED_APP_PORT ?? 5173)
const stack = await startHostedStack({
  port: Number(process.env.HOSTED_STACK_PORT ?? 54321),
  siteUrl: process.env.HOSTED_SITE_URL ?? `http://localhost:${appPort}`,
  jwtExpiry: Number(process.env.HOSTED_STACK_JWT_EXPIRY ?? 3600),
  functions: true,
  log: (line) => console.log(line),
})

console.log(`
Kasalan's hosted stack is up (PostgreSQL ${stack.db.major}; started in ${JSON.stringify(stack.timings)} ms)
  API            ${stack.url}   (rest/v1, auth/v1, storage/v1, functions/v1)
  Outbox         ${stack.url}/__outbox   (every e-mail sent; open a link to click it)
  anon key       ${stack.anonKey}
  database       psql -h ${stack.db.host} -p ${stack.db.port} -U supabase_admin ${stack.db.database}
  demo account   demo@kasalan.ph / kasalan-demo
`)

let app: ReturnType<typeof spawn> | null = null
if (!stackOnly) {
  // Vite itself (not through npx), so that stopping it stops the server.
  app = spawn(
    fileURLToPath(new URL('../../node_modules/.bin/vite', import.meta.url)),
    ['--port', String(appPort), '--strictPort'],
    {
      stdio: 'inherit',
      env: { ...process.env, VITE_SUPABASE_URL: stack.url, VITE_SUPABASE_ANON_KEY: stack.anonKey },
    },
  )
  app.on('exit', () => void shutdown())
}

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  app?.kill()
  try {
    await stack.stop()
    process.exit(0)
  } catch (error) {
    console.error('The stack did not stop cleanly:', error)
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
