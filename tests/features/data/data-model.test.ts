import { describe, expect, test } from 'vitest'
import { backupFileName, manilaDay, readWeddingFile, weddingFileName } from '@/features/data/data-model'

describe('file names', () => {
  test("use the day in Manila, which is already tomorrow after 16:00 UTC", () => {
    expect(manilaDay(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-23')
    expect(manilaDay(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24')
    expect(backupFileName(new Date('2026-11-23T01:00:00Z'))).toBe('kasalan-backup-2026-11-23.tar.gz')
    expect(weddingFileName('maria-and-juan', new Date('2026-11-23T01:00:00Z'))).toBe('kasalan-maria-and-juan-2026-11-23.json')
  })
})

describe('readWeddingFile', () => {
  test('reads a wedding file, with or without a byte-order mark', () => {
    const file = { format: 'kasalan-wedding', version: 1, persons: [] }
    expect(readWeddingFile(JSON.stringify(file))).toEqual(file)
    expect(readWeddingFile('\uFEFF' + JSON.stringify(file))).toEqual(file)
  })

  test('is null for anything else', () => {
    for (const text of ['', 'not json', '[]', 'null', '"kasalan-wedding"', JSON.stringify({ format: 'other' })]) {
      expect(readWeddingFile(text), text).toBeNull()
    }
  })
})
