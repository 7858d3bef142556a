/**
 * The strings' lookup as i18next does it, for the subset Kasalan's guest pages use: `ns:key`
 * prefixes, nested keys, `{{name}}` and `{{name, number}}` interpolation (never escaped: React
 * escapes; a value not given stays as written), plurals by `count` (`_zero`, then the language's plural category from
 * `Intl.PluralRules`, then the bare key) and `defaultValue`. A key that is not there comes back as
 * written, without its namespace, as i18next returns it. tests/lib/i18n-translate.test.ts holds the
 * two to the same output for every string of the guest pages' namespaces.
 */
export type Strings = { [key: string]: string | Strings }
export type TranslateOptions = { count?: number; defaultValue?: string; [name: string]: unknown }
export type TFunction = (key: string, options?: TranslateOptions) => string

const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

function pluralCategory(language: string, count: number) {
  let rules = pluralRules.get(language)
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)))
  return rules.select(count)
}

function formatNumber(language: string, value: unknown) {
  let format = numberFormats.get(language)
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language)))
  return format.format(Number(value))
}

function lookup(strings: Strings | undefined, key: string): string | undefined {
  let node: string | Strings | undefined = strings
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

function interpolate(text: string, language: string, options: TranslateOptions) {
  return text.replace(
    /\{\{\s*([^,}]+?)\s*(?:,\s*([^}]+?)\s*)?\}\}/g,
    (match, name: string, format?: string) => {
      const value = options[name]
      // A value the caller did not give stays as written, as i18next leaves it.
      if (value === undefined) return match
      if (value === null) return ''
      return format === 'number' ? formatNumber(language, value) : String(value)
    },
  )
}

/**
 * One string of `resources` (namespace → strings) in `language`: `key` is looked up in its own
 * namespace when it names one (`site:nav.home`), else in `namespace`.
 */
export function translate(
  resources: Record<string, Strings | undefined>,
  language: string,
  namespace: string,
  key: string,
  options: TranslateOptions = {},
): string {
  const split = key.indexOf(':')
  const ns = split > 0 ? key.slice(0, split) : namespace
  const path = split > 0 ? key.slice(split + 1) : key
  const strings = resources[ns]
  const candidates: string[] = []
  if (typeof options.count === 'number') {
    if (options.count === 0) candidates.push(`${path}_zero`)
    candidates.push(`${path}_${pluralCategory(language, options.count)}`)
  }
  candidates.push(path)
  for (const candidate of candidates) {
    const found = lookup(strings, candidate)
    if (found !== undefined) return interpolate(found, language, options)
  }
  return options.defaultValue !== undefined
    ? interpolate(options.defaultValue, language, options)
    : path
}
