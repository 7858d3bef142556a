// @vitest-environment node
// The architecture's fence, as eslint.config.js draws it: a feature never imports another
// feature, whichever folders src/features holds today (the list is read from the folders).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, test } from 'vitest'

const root = join(import.meta.dirname, '../..')
const featuresDir = join(root, 'src/features')
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
// The households' feature (named guests until its rename).
const households = features.find((name) => name === 'households' || name === 'guests')!

/** A module of the feature to import, as '@/features/<name>/...', without its extension. */
function someModule(feature: string): string {
  const files = (readdirSync(join(featuresDir, feature), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .sort()
  expect(files.length, `src/features/${feature} has a module`).toBeGreaterThan(0)
  return `@/features/${feature}/${files[0]!
    .replace(/\.tsx?$/, '')
    .split('\\')
    .join('/')}`
}

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

/** The boundary messages ESLint reports for `code` as if it were a file at `filePath`. */
async function boundaryMessages(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) })
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message)
}

const importing = (from: string) =>
  `import * as other from '${from}'\n\nexport const seen = other\n`

describe('feature boundaries', () => {
  test('an import from invitations into the households feature is reported', async () => {
    const messages = await boundaryMessages(
      importing(someModule(households)),
      'src/features/invitations/boundary-probe.ts',
    )
    expect(messages).toEqual([expect.stringContaining('Features do not import each other')])
  }, 60_000)

  test.each(features)(
    '%s cannot import another feature',
    async (feature) => {
      const other = features.find((name) => name !== feature)!
      const messages = await boundaryMessages(
        importing(someModule(other)),
        `src/features/${feature}/boundary-probe.ts`,
      )
      expect(messages).toEqual([expect.stringContaining('Features do not import each other')])
    },
    60_000,
  )

  test('a feature may import itself and the shared code', async () => {
    const own = someModule('invitations')
    const code = `${importing(own)}import { paths } from '@/lib/paths'\nimport { Alert } from '@/components/alert'\n\nexport const used = [paths, Alert]\n`
    expect(await boundaryMessages(code, 'src/features/invitations/boundary-probe.ts')).toEqual([])
  }, 60_000)

  test('the shared code cannot import a feature', async () => {
    const messages = await boundaryMessages(
      importing(someModule(households)),
      'src/lib/boundary-probe.ts',
    )
    expect(messages).toEqual([
      expect.stringContaining('Shared code never imports a feature or the app'),
    ])
  }, 60_000)
})
