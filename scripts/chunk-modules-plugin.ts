import type { Plugin } from 'vite'

/**
 * Writes `chunk-modules.json` next to the build: for every JavaScript chunk, the modules it holds
 * and how many characters each adds (before compression).
 * The budget check reads it to prove which libraries the public site loads first.
 */
export function chunkModulesPlugin(): Plugin {
  return {
    name: 'kasalan:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {}
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          chunks[fileName] = Object.fromEntries(
            output.moduleIds.map((id) => [
              id.replace(process.cwd() + '/', ''),
              output.modules[id]?.renderedLength ?? 0,
            ]),
          )
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
