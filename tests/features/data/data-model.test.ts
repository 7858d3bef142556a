import { describe, expect, test } from 'vitest'
import {
  backupFileName,
  manilaDay,
  readWeddingFile,
  weddingFileName,
} from '@/features/data/data-model'
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@/lib/json-depth'

describe('file names', () => {
  test('use the day in Manila, which is already tomorrow after 16:00 UTC', () => {
    expect(manilaDay(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-23')
    expect(manilaDay(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24')
    expect(backupFileName(new Date('2026-11-23T01:00:00Z'))).toBe(
      'kasalan-backup-2026-11-23.tar.gz',
    )
    expect(weddingFileName('maria-and-juan', new Date('2026-11-23T01:00:00Z'))).toBe(
      'kasalan-maria-and-juan-2026-11-23.json',
    )
  })
})

describe('readWeddingFile', () => {
  test('reads a wedding file, with or without a byte-order mark', () => {
    const file = { format: 'kasalan-wedding', version: 1, persons: [] }
    expect(readWeddingFile(JSON.stringify(file))).toEqual({ file })
    expect(readWeddingFile('\uFEFF' + JSON.stringify(file))).toEqual({ file })
  })

  test('is import_unsupported_file for anything else', () => {
    for (const text of [
      '',
      'not json',
      '[]',
      'null',
      '"kasalan-wedding"',
      JSON.stringify({ format: 'other' }),
    ]) {
      expect(readWeddingFile(text), text).toEqual({ error: 'import_unsupported_file' })
    }
  })

  test('is input_too_deep for a file nested 50,000 levels deep, read as the browser reads it', () => {
    const text = `{"format":"kasalan-wedding","version":1,"sections":[{"data":${'['.repeat(50_000)}1${']'.repeat(50_000)}}]}`
    expect(readWeddingFile(text)).toEqual({ error: 'input_too_deep' })
  })

  test('takes a file as deep as the limit allows, and refuses one level more', () => {
    const nest = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
    // The file itself is one level; its content may nest the rest.
    const at = `{"format":"kasalan-wedding","x":${nest(MAX_JSON_DEPTH - 1)}}`
    const over = `{"format":"kasalan-wedding","x":${nest(MAX_JSON_DEPTH)}}`
    expect(readWeddingFile(at)).toHaveProperty('file')
    expect(readWeddingFile(over)).toEqual({ error: 'input_too_deep' })
  })
})

describe('nestsDeeperThan', () => {
  test('counts objects and arrays, not plain values', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false)
    expect(nestsDeeperThan({}, 0)).toBe(true)
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false)
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 2)).toBe(true)
    expect(nestsDeeperThan({ a: 1, b: [2, [3, { c: null }]] }, 3)).toBe(true)
    expect(nestsDeeperThan({ when: new Date(0) }, 1)).toBe(false)
  })

  test('walks a value 50,000 levels deep without exhausting the stack', () => {
    let deep: unknown = 1
    for (let level = 0; level < 50_000; level += 1) deep = { level: deep }
    expect(nestsDeeperThan(deep)).toBe(true)
    expect(nestsDeeperThan(deep, 50_000)).toBe(false)
  })
})
