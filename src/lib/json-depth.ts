/**
 * How deeply the arguments of a call may nest objects and arrays. A wedding file, the deepest thing
 * the app sends, nests 8 levels (a section's content inside the file); a value nested thousands of
 * levels deep would exhaust the stack of the browser or of the embedded database, so the embedded
 * engine refuses it with `input_too_deep` before it is written as SQL, and the import screen when it
 * reads a file.
 */
export const MAX_JSON_DEPTH = 64

/**
 * Whether `value` nests objects and arrays more than `max` levels deep (a plain value is 0 deep, `{}`
 * or `[]` 1). Walks without recursion and stops at the first branch too deep, so any depth is safe.
 */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: here, depth } = stack.pop()!
    if (here === null || typeof here !== 'object' || here instanceof Date) continue
    if (depth + 1 > max) return true
    for (const item of Object.values(here)) {
      if (item !== null && typeof item === 'object') stack.push({ value: item, depth: depth + 1 })
    }
  }
  return false
}

/**
 * Whether JSON written as text nests arrays and objects more than `max` levels deep: a call's text
 * argument that the database reads as `jsonb` is parsed there, and a deep one exhausts the
 * embedded database's stack before any check in SQL can refuse it. Counts brackets outside string
 * literals, in one pass; text that is not JSON at all is measured the same way and is refused only
 * when it holds more than `max` unclosed brackets in a row, which no name, note or message does.
 */
export function textNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '[' || char === '{') {
      if (++depth > max) return true
    } else if ((char === ']' || char === '}') && depth > 0) depth--
  }
  return false
}

/**
 * Whether a call's arguments nest deeper than the database takes, as values or as JSON text: both
 * backends refuse such a call with `input_too_deep` before it is sent (and before anything walks
 * the arguments recursively).
 */
export function argumentsTooDeep(args: Record<string, unknown>): boolean {
  return (
    nestsDeeperThan(args, MAX_JSON_DEPTH + 1) ||
    Object.values(args).some(
      (value) => typeof value === 'string' && textNestsDeeperThan(value, MAX_JSON_DEPTH + 1),
    )
  )
}
