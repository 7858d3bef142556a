/**
 * Text Postgres cannot store: NUL (U+0000) and lone UTF-16 surrogates. `jsonb` and `text` refuse
 * them before a function's body runs (SQLSTATE 22P05 / 22021), so both adapters check the
 * arguments first and answer `invalid_input` naming the field, as the SQL functions do.
 */
// eslint-disable-next-line no-control-regex
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The path of the first string (key or value) in `value` that Postgres cannot store, else null. */
export function findInvalidText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return INVALID_TEXT.test(value) ? path || 'value' : null
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findInvalidText(item, `${path}[${index}]`)
      if (found) return found
    }
    return null
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key
      if (INVALID_TEXT.test(key)) return here
      const found = findInvalidText(item, here)
      if (found) return found
    }
  }
  return null
}

/** The `details` of the refusal, in the words the SQL functions use. */
export function invalidTextDetail(path: string) {
  return `${path} contains invalid characters`
}
