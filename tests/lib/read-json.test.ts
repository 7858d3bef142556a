// @vitest-environment node
// The readers of the guest's first load: what each reads, what each refuses, and the site's answer
// read as zod read it before (src/lib/api/site-answer.ts).
import { describe, expect, test } from 'vitest'
import { section, site, siteAnswer } from '@/lib/api/site-answer'
import { guestSearch } from '@/lib/api/name-search'
import {
  array,
  either,
  list,
  nullable,
  nullish,
  number,
  object,
  oneOf,
  optional,
  orElse,
  record,
  refine,
  refused,
  string,
} from '@/lib/read-json'
import demo from '../../supabase/seed-data/demo-wedding.json'

describe('the readers', () => {
  test('plain values are read as they are, anything else is refused', () => {
    expect(string('Ana')).toBe('Ana')
    expect(string(1)).toBe(refused)
    expect(number(2)).toBe(2)
    expect([number('2'), number(Number.NaN), number(Infinity)]).toEqual([refused, refused, refused])
    expect(oneOf(['a', 'b'])('b')).toBe('b')
    expect(oneOf(['a', 'b'])('c')).toBe(refused)
    expect(record({ a: 1 })).toEqual({ a: 1 })
    expect([record([]), record(null), record('x')]).toEqual([refused, refused, refused])
  })

  test('null and missing pass only where said', () => {
    expect(nullable(string)(null)).toBeNull()
    expect(nullable(string)(undefined)).toBe(refused)
    expect(optional(string)(undefined)).toBeUndefined()
    expect(optional(string)(null)).toBe(refused)
    expect(nullish(string)(null)).toBeNull()
    expect(nullish(string)(undefined)).toBeUndefined()
    expect(nullish(string)(3)).toBe(refused)
  })

  test('an object keeps its own fields, drops others and missing ones, and is refused whole when one field is', () => {
    const person = object({ name: string, nickname: optional(string) })
    const read = person({ name: 'Ana', extra: 'x' })
    expect(read).toEqual({ name: 'Ana' })
    expect(Object.keys(read as object)).toEqual(['name'])
    expect(person({ name: 'Ana', nickname: 'Ane' })).toEqual({ name: 'Ana', nickname: 'Ane' })
    expect(person({ name: 1 })).toBe(refused)
    expect(person({})).toBe(refused)
    expect(person([{ name: 'Ana' }])).toBe(refused)
  })

  test('array refuses a list with one bad item; list drops it, and reads a non-list as empty', () => {
    expect(array(number)([1, 2])).toEqual([1, 2])
    expect(array(number)([1, 'x'])).toBe(refused)
    expect(array(number)({})).toBe(refused)
    expect(list(number)([1, 'x', 3])).toEqual([1, 3])
    expect(list(number)('x')).toEqual([])
  })

  test('orElse, refine and either', () => {
    expect(orElse(string, 'none')(5)).toBe('none')
    const trimmed = refine(string, (value) => value.trim() || refused)
    expect(trimmed('  Ana ')).toBe('Ana')
    expect(trimmed('   ')).toBe(refused)
    expect(refine(string, (value) => value.length)(4)).toBe(refused)
    const idOrCount = either(object({ id: string }), number)
    expect(idOrCount({ id: 'x' })).toEqual({ id: 'x' })
    expect(idOrCount(7)).toBe(7)
    expect(idOrCount('7')).toBe(refused)
  })
})

describe("the site's answer", () => {
  const wedding = demo.wedding
  const answer = {
    slug: wedding.slug,
    title: wedding.title,
    isPublished: true,
    isCouple: false,
    wedding,
    sections: demo.sections,
  }

  test('the demo wedding reads whole, and a redirect or null reads too', () => {
    const read = site(answer)
    expect(read).not.toBe(refused)
    if (read === refused) return
    expect(read.wedding.bride).toEqual({
      firstName: wedding.bride.firstName,
      lastName: wedding.bride.lastName,
    })
    expect(read.sections.map((each) => each.type)).toEqual(demo.sections.map((each) => each.type))
    expect(siteAnswer({ redirectTo: 'ana-at-ben' })).toEqual({ redirectTo: 'ana-at-ben' })
    expect(siteAnswer(null)).toBeNull()
  })

  test('an answer missing what the site draws from is refused, not drawn half', () => {
    expect(siteAnswer({ ...answer, isCouple: undefined })).toBe(refused)
    expect(siteAnswer({ ...answer, wedding: { ...wedding, bride: null } })).toBe(refused)
    const [first] = demo.sections
    expect(section({ ...first, type: 'unknown-type' })).toBe(refused)
    expect(section({ ...first, data: [] })).toBe(refused)
    expect(siteAnswer({ ...answer, sections: [{ ...first, orderIndex: '1' }] })).toBe(refused)
  })

  test("the name search's answer", () => {
    const found = {
      status: 'found',
      matches: [
        { personId: 'p', householdId: 'h', firstName: 'Ana', lastName: null, householdSize: 3 },
      ],
    }
    expect(guestSearch(found)).toEqual(found)
    expect(guestSearch({ ...found, status: 'maybe' })).toBe(refused)
    expect(guestSearch({ status: 'none', matches: [{ personId: 'p' }] })).toBe(refused)
  })
})
