// Vitest's global setup for the real-PostgreSQL lane (KASALAN_DB=postgres): one cluster for the
// whole run, a bootstrapped template, stopped and deleted when the run ends.

import type { TestProject } from 'vitest/node'
import { startCluster } from './server'
import { findServerBinaries } from './versions'

declare module 'vitest' {
  export interface ProvidedContext {
    kasalanPostgres: { host: string; port: number; major: number; applied: string[] }
  }
}

export default async function setup(project: TestProject) {
  const bin = findServerBinaries()
  if (!bin)
    throw new Error(
      'KASALAN_DB=postgres but no PostgreSQL server binaries were found (set KASALAN_PG_BIN)',
    )
  const started = Date.now()
  const cluster = await startCluster(bin)
  console.log(
    `PostgreSQL ${cluster.major} from ${bin}: cluster and template ready in ${Date.now() - started} ms`,
  )
  project.provide('kasalanPostgres', {
    host: cluster.host,
    port: cluster.port,
    major: cluster.major,
    applied: cluster.applied,
  })
  return () => cluster.stop()
}
