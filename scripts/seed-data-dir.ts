import type { Plugin } from 'vite'
import type { buildSeed } from './lib/seed-data-dir.ts'

const virtualId = 'virtual:kasalan-seed-data-dir'
const sitesId = 'virtual:kasalan-seed-sites'

/**
 * `virtual:kasalan-seed-data-dir`: in a build, the URL of the embedded database's first state,
 * made here from the same migrations and seed, so a browser's first visit loads it instead of
 * running initdb and every migration (the worker still applies any migration the file lacks). In
 * development and tests it is null, and the worker builds the database from the SQL as before.
 *
 * `virtual:kasalan-seed-sites`: in a build, what `get_site` answers a visitor in that same database
 * for each seeded wedding (src/lib/backend/local/seed-sites.ts); null in development and tests.
 */
export function seedDataDirPlugin(): Plugin {
  let build = false
  // Both modules come from one database made once per build.
  let seed: ReturnType<typeof buildSeed> | undefined
  const made = () => (seed ??= import('./lib/seed-data-dir.ts').then((m) => m.buildSeed()))
  return {
    name: 'kasalan:seed-data-dir',
    configResolved(config) {
      build = config.command === 'build'
    },
    resolveId(id) {
      return id === virtualId || id === sitesId ? `\0${id}` : null
    },
    async load(id) {
      if (id !== `\0${virtualId}` && id !== `\0${sitesId}`) return null
      if (!build) return 'export default null'
      // Loaded here, not with the config: PGlite is needed only by a build that ships the embedded database.
      const { dataDir, sites } = await made()
      if (id === `\0${sitesId}`)
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(sites))})`
      const ref = this.emitFile({ type: 'asset', name: 'kasalan-seed.tgz', source: dataDir })
      return `export default import.meta.ROLLUP_FILE_URL_${ref}`
    },
  }
}
