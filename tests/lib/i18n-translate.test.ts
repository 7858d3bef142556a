// @vitest-environment node
// The guest pages read their strings without i18next: this holds the small lookup to i18next's
// output for every string of the namespaces they use, in both languages, with every value the
// strings ask for and counts across the plural forms (0, 1, 2, 5, 1,234…).
import { createInstance, type i18n as I18n } from 'i18next'
import { beforeAll, describe, expect, test } from 'vitest'
import { languages } from '@/lib/i18n'
import { translate, type Strings, type TranslateOptions } from '@/lib/i18n/translate'

const files = import.meta.glob<Strings>('/src/locales/*/*.json', { eager: true, import: 'default' })
const namespaces = ['common', 'site', 'rsvp', 'invite'] as const
const strings = (language: string, namespace: string) =>
  files[`/src/locales/${language}/${namespace}.json`]!
const resources = Object.fromEntries(
  languages.map((language) => [
    language,
    Object.fromEntries(namespaces.map((ns) => [ns, strings(language, ns)])),
  ]),
)

function flatten(tree: Strings, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  )
}

const counts = [0, 1, 2, 3, 5, 11, 21, 1234, 1.5]

/** Each call a screen could make for one string: plural strings by their base key, at every count. */
function calls(entries: [string, string][]): [string, TranslateOptions][] {
  const out: [string, TranslateOptions][] = []
  const seen = new Set<string>()
  for (const [key, text] of entries) {
    const base = key.replace(/_(zero|one|two|few|many|other)$/, '')
    if (seen.has(base)) continue
    seen.add(base)
    const values: TranslateOptions = {}
    for (const [, name] of text.matchAll(/\{\{\s*([^,}]+?)\s*(?:,[^}]*)?\}\}/g))
      values[name!] = `‹${name}›`
    if (base !== key || 'count' in values) {
      for (const count of counts) out.push([base, { ...values, count }])
    } else {
      out.push([key, values])
      // `value, number` and friends: numbers formatted the way the language writes them.
      if ('value' in values) out.push([key, { ...values, value: 1234567.5 }])
    }
  }
  return out
}

let i18next: I18n
beforeAll(async () => {
  i18next = createInstance()
  await i18next.init({
    lng: 'fil',
    fallbackLng: false,
    supportedLngs: [...languages],
    ns: [...namespaces],
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
})

describe.each(languages)('%s', (language) => {
  test.each(namespaces)('every string of %s reads as i18next reads it', (namespace) => {
    const t = i18next.getFixedT(language, namespace)
    const all = calls(flatten(strings(language, namespace)))
    expect(all.length).toBeGreaterThan(5)
    const ours = all.map(([key, options]) => [
      key,
      options,
      translate(resources[language]!, language, namespace, key, options),
    ])
    const theirs = all.map(([key, options]) => [key, options, t(key, options)])
    expect(ours).toEqual(theirs)
  })

  test('keys naming another namespace, missing keys and default values', () => {
    const t = i18next.getFixedT(language, 'site')
    const keys: [string, TranslateOptions?][] = [
      ['common:actions.retry'],
      ['search:search.found', { count: 3 }],
      ['site:nav.home'],
      ['nav.nothing'],
      ['common:errors.no_such_code', { defaultValue: '' }],
      ['rsvp:errors.no_such_code', { defaultValue: 'Wala {{name}}', name: 'dito' }],
      ['common:number', { value: 98765.25 }],
      ['nav.homeOf', {}],
    ]
    for (const [key, options] of keys) {
      expect(translate(resources[language]!, language, 'site', key, options), key).toBe(
        t(key, options),
      )
    }
  })
})
