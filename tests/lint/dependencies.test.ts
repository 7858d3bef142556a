// @vitest-environment node
// The app imports only what package.json's dependencies name (eslint.config.js): date-fns comes
// with the date picker, and the app's dates stay with dayjs (src/lib/dates.ts), one library.
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { expect, test } from 'vitest'

const root = join(import.meta.dirname, '../..')

async function ruleIds(code: string, filePath: string) {
  const [result] = await new ESLint({ cwd: root }).lintText(code, {
    filePath: join(root, filePath),
  })
  return result!.messages.map((message) => message.ruleId)
}

test("the app cannot import a package it does not depend on (the date picker's date-fns), and may import dayjs", async () => {
  expect(
    await ruleIds(
      "import { format } from 'date-fns'\n\nexport const f = format\n",
      'src/lib/probe.ts',
    ),
  ).toEqual(['import-x/no-extraneous-dependencies'])
  expect(
    await ruleIds("import dayjs from 'dayjs'\n\nexport const d = dayjs\n", 'src/lib/probe.ts'),
  ).toEqual([])
}, 60_000)
