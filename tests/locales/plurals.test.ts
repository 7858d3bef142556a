// @vitest-environment node
// Counts read right in both languages: every string that shows {{count}} has its plural forms, and
// both languages have the same strings.
import { describe, expect, test } from 'vitest'

type Tree = { [key: string]: string | Tree }
const locales = import.meta.glob<Tree>('/src/locales/*/*.json', { eager: true, import: 'default' })
const load = (language: string, file: string) => locales[`/src/locales/${language}/${file}`]!

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value)
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v)
  }
  return out
}

const files = Object.keys(locales)
  .filter((path) => path.startsWith('/src/locales/en/'))
  .map((path) => path.slice('/src/locales/en/'.length))

describe.each(files)('%s', (file) => {
  const en = flatten(load('en', file))
  const fil = flatten(load('fil', file))

  test('Filipino and English have the same strings', () => {
    expect([...fil.keys()].sort()).toEqual([...en.keys()].sort())
  })

  test.each([
    ['en', en],
    ['fil', fil],
  ] as const)('%s: every string with a count has its plural forms', (_language, strings) => {
    const missing: string[] = []
    for (const [key, value] of strings) {
      if (!value.includes('{{count}}')) continue
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '')
      if (!strings.has(`${base}_one`) || !strings.has(`${base}_other`)) missing.push(key)
    }
    expect(missing).toEqual([])
  })
})
