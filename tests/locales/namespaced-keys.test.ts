// @vitest-environment node
// A string asked for with its namespace spelled out (t('common:actions.cancel')) exists in that
// namespace, in both languages: a wrong namespace shows the raw key to the guest.
import { expect, test } from 'vitest'

type Tree = { [key: string]: string | Tree }
const locales = import.meta.glob<Tree>('/src/locales/*/*.json', { eager: true, import: 'default' })
const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
})

function has(tree: Tree | undefined, path: string): boolean {
  let node: string | Tree | undefined = tree
  const parts = path.split('.')
  for (const [index, part] of parts.entries()) {
    if (typeof node !== 'object') return false
    const last = index === parts.length - 1
    // i18next plurals: key_one, key_other…
    node = node[part] ?? (last ? (node[`${part}_other`] ?? node[`${part}_one`]) : undefined)
  }
  return node !== undefined
}

test('every t("namespace:key") in the app names a string of that namespace, in English and Filipino', () => {
  const missing: string[] = []
  let checked = 0
  for (const [file, source] of Object.entries(sources)) {
    for (const match of source.matchAll(/\bt\(\s*['"`]([a-z]+):([A-Za-z0-9_.]+)['"`]/g)) {
      const [, namespace, key] = match
      checked += 1
      for (const language of ['en', 'fil']) {
        if (!has(locales[`/src/locales/${language}/${namespace}.json`], key!))
          missing.push(`${file}: ${language}/${namespace}:${key}`)
      }
    }
  }
  expect(checked).toBeGreaterThan(20)
  expect(missing).toEqual([])
})
