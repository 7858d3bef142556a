/** Reading and writing one value deep inside a section's data, by path, without mutating it. */

export type ValuePath = ReadonlyArray<string | number>

export function getAt(value: unknown, path: ValuePath): unknown {
  return path.reduce<unknown>((current, key) => {
    if (current === null || typeof current !== 'object') return undefined
    return (current as Record<string | number, unknown>)[key]
  }, value)
}

/** A copy of `value` with `next` at `path`; missing objects and lists on the way are created. */
export function setAt(value: unknown, path: ValuePath, next: unknown): unknown {
  if (path.length === 0) return next
  const [key, ...rest] = path as [string | number, ...Array<string | number>]
  if (typeof key === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : []
    list[key] = setAt(list[key], rest, next)
    return list
  }
  const object =
    value && typeof value === 'object' && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>) }
      : {}
  object[key] = setAt(object[key], rest, next)
  return object
}

/** The list at `path` with one item moved from `from` to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

/** `events.0.name` for messages and for finding a field by a problem's path. */
export const pathKey = (path: ValuePath) => path.join('.')
