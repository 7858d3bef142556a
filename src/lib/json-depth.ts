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
