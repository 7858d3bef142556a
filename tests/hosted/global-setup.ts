// Vitest's global setup for the hosted project: one hosted stack (scripts/hosted-stack) for the
// whole run, with the Edge Functions, stopped and deleted when the run ends.

import type { TestProject } from 'vitest/node'
import { startHostedStack } from '../../scripts/hosted-stack/stack'

export interface HostedContext {
  url: string
  anonKey: string
  serviceRoleKey: string
  siteUrl: string
  db: { host: string; port: number; database: string }
}

declare module 'vitest' {
  export interface ProvidedContext {
    kasalanHosted: HostedContext
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now()
  const siteUrl = 'http://localhost:5173'
  const stack = await startHostedStack({
    functions: true,
    siteUrl,
    log: (line) => console.log(line),
  })
  console.log(
    `Hosted stack on ${stack.url} (PostgreSQL ${stack.db.major}): ready in ${Date.now() - started} ms ${JSON.stringify(stack.timings)}`,
  )
  project.provide('kasalanHosted', {
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    siteUrl,
    db: { host: stack.db.host, port: stack.db.port, database: stack.db.database },
  })
  return () => stack.stop()
}
