import type { Plugin } from 'vite'

const virtualId = 'virtual:kasalan-seed-data-dir'

/**
 * `virtual:kasalan-seed-data-dir`: in a build, the URL of the embedded database's first state,
 * made here from the same migrations and seed, so a browser's first visit loads it instead of
 * running initdb and every migration (the worker still applies any migration the file lacks). In
 * development and tests it is null, and the worker builds the database from the SQL as before.
 */
export function seedDataDirPlugin(): Plugin {
  let build = false
  return {
    name: 'kasalan:seed-data-dir',
    configResolved(config) {
      build = config.command === 'build'
    },
    resolveId(id) {
      return id === virtualId ? `\0${virtualId}` : null
    },
    async load(id) {
      if (id !== `\0${virtualId}`) return null
      if (!build) return 'export default null'
      // Loaded here, not with the config: PGlite is needed only by a build that ships the embedded database.
      const { buildSeedDataDir } = await import('./lib/seed-data-dir.ts')
      const ref = this.emitFile({ type: 'asset', name: 'kasalan-seed.tgz', source: await buildSeedDataDir() })
      return `export default import.meta.ROLLUP_FILE_URL_${ref}`
    },
  }
}
