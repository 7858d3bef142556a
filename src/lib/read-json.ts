/**
 * Reading JSON into typed values, for what the guest's first load reads: the site's answer, the
 * name search's and each section's data. A reader is a plain function that answers the value it
 * read, or `refused`. The rest of the app checks its answers with zod; these few readers keep its
 * 10 KB (gzip) out of what every guest downloads (docs/decisions.md, "The guest's first load
 * reads without zod").
 */

/** What a reader answers for a value it cannot read. */
export const refused: unique symbol = Symbol('refused')
export type Refused = typeof refused

export type Reader<T> = (value: unknown) => T | Refused
/** What a reader reads. */
export type Read<R> = R extends Reader<infer T> ? T : never

type Shape = Record<string, Reader<unknown>>
type Simplify<T> = { [K in keyof T]: T[K] } & {}
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends Read<S[K]> ? K : never
}[keyof S]
/** An object's fields; those that may read as undefined are optional, as zod infers them. */
export type ReadObject<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Read<S[K]> } & {
    [K in OptionalKeys<S>]?: Read<S[K]>
  }
>

export const string: Reader<string> = (value) => (typeof value === 'string' ? value : refused)
export const number: Reader<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : refused
export const boolean: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : refused)

export function oneOf<const T extends readonly string[]>(values: T): Reader<T[number]> {
  return (value) => (values.includes(value as string) ? (value as T[number]) : refused)
}

export function nullable<T>(reader: Reader<T>): Reader<T | null> {
  return (value) => (value === null ? null : reader(value))
}

export function optional<T>(reader: Reader<T>): Reader<T | undefined> {
  return (value) => (value === undefined ? undefined : reader(value))
}

/** Null or missing: read as they are. */
export function nullish<T>(reader: Reader<T>): Reader<T | null | undefined> {
  return (value) => (value === null || value === undefined ? value : reader(value))
}

/** A value the reader refuses reads as `fallback` instead. */
export function orElse<T, F>(reader: Reader<T>, fallback: F): Reader<T | F> {
  return (value) => {
    const read = reader(value)
    return read === refused ? fallback : read
  }
}

/** The reader's value passed through `change`, which may refuse it too. */
export function refine<T, U>(reader: Reader<T>, change: (value: T) => U | Refused): Reader<U> {
  return (value) => {
    const read = reader(value)
    return read === refused ? refused : change(read)
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Any object, its values unread. */
export const record: Reader<Record<string, unknown>> = (value) =>
  isObject(value) ? value : refused

/** An object with these fields, each read by its reader (others dropped); refused if one is. */
export function object<S extends Shape>(shape: S): Reader<ReadObject<S>> {
  const fields = Object.entries(shape)
  return (value) => {
    if (!isObject(value)) return refused
    const out: Record<string, unknown> = {}
    for (const [key, reader] of fields) {
      const read = reader(value[key])
      if (read === refused) return refused
      if (read !== undefined) out[key] = read
    }
    return out as ReadObject<S>
  }
}

/** A list whose every item reads; refused if one does not. */
export function array<T>(item: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return refused
    const out: T[] = []
    for (const each of value) {
      const read = item(each)
      if (read === refused) return refused
      out.push(read)
    }
    return out
  }
}

/** A list of the items that read, the others dropped; empty when it is not a list at all. */
export function list<T>(item: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return []
    const out: T[] = []
    for (const each of value) {
      const read = item(each)
      if (read !== refused) out.push(read)
    }
    return out
  }
}

/** The first of the readers that reads the value. */
export function either<A, B>(first: Reader<A>, second: Reader<B>): Reader<A | B> {
  return (value) => {
    const read = first(value)
    return read === refused ? second(value) : read
  }
}
