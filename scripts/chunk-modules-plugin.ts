import type { Plugin } from 'vite'

/**
 * Writes `chunk-modules.json` next to the build: for every JavaScript chunk, the modules it holds.
 * The budget check reads it to prove which libraries the public site loads first.
 */
export function chunkModulesPlugin(): Plugin {
  return {
    name: 'kasalan:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {}
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          chunks[fileName] = output.moduleIds.map((id) => id.replace(process.cwd() + '/', ''))
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: 'chunk-modules.json',
        source: JSON.stringify(chunks),
      })
    },
  }
}
