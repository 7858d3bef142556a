// @vitest-environment node
// A feature's model is plain functions (eslint.config.js): no React, no canvas, no backend or API
// module, wherever the model sits (a model/ folder at any depth, a model.ts, a *-model.ts); the
// API's types may be imported, so a model's input is not written twice.
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, test } from 'vitest'

const root = join(import.meta.dirname, '../..')

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

/** The model rule's messages for `code` as if it were the file at `filePath`. */
async function modelMessages(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) })
  return result!.messages
    .filter((message) => message.message.includes('Models are plain functions'))
    .map((message) => message.ruleId)
}

const valueImport =
  "import { useState } from 'react'\nimport { call } from '@/lib/api'\n\nexport const used = [useState, call]\n"
const typeImport =
  "import type { Gift } from '@/lib/api'\n\nexport const giver = (gift: Gift) => gift.giverName\n"

describe('models are plain functions', () => {
  test.each([
    'src/features/printables/model.ts',
    'src/features/plan/gifts/model/gift-ledger.ts',
    'src/features/plan/budget/budget-model.ts',
    'src/features/seating/model/layout.ts',
  ])(
    '%s may not import React or the API',
    async (file) => {
      expect(await modelMessages(valueImport, file)).toEqual([
        'no-restricted-imports',
        'no-restricted-imports',
      ])
    },
    60_000,
  )

  test("a model may import the API's types", async () => {
    for (const file of [
      'src/features/seating/model/layout.ts',
      'src/features/plan/gifts/model/gift-ledger.ts',
    ]) {
      expect(await modelMessages(typeImport, file), file).toEqual([])
    }
  }, 60_000)

  test('a screen may import React and the API', async () => {
    expect(
      await modelMessages(valueImport, 'src/features/plan/gifts/components/probe.tsx'),
    ).toEqual([])
  }, 60_000)
})
