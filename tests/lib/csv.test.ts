import Papa from 'papaparse'
import { describe, expect, test } from 'vitest'
import { BOM, escapeCell, parseCsv, readTextFile, toCsv, unescapeCell } from '@/lib/csv'

describe('escapeCell', () => {
  test.each([
    '=1+1',
    '+63 917 555 0101',
    '-5',
    '@SUM(A1)',
    '\tx',
    '\rx',
    '=HYPERLINK("http://evil","click")',
  ])('prefixes a quote to %j, which a spreadsheet would run as a formula', (value) => {
    expect(escapeCell(value)).toBe(`'${value}`)
    expect(unescapeCell(escapeCell(value))).toBe(value)
  })

  test.each(['Peña', "O'Brien", 'a=b', '0917 555 0101', '', ' =not first'])(
    'leaves %j as it is',
    (value) => {
      expect(escapeCell(value)).toBe(value)
      expect(unescapeCell(value)).toBe(value)
    },
  )

  test('writes empty cells for null and undefined', () => {
    expect(escapeCell(null)).toBe('')
    expect(escapeCell(undefined)).toBe('')
  })
})

describe('what the couple typed comes back byte for byte', () => {
  // Each as typed into Kasalan; a formula character or a leading quote gets one quote in front.
  const typed = [
    "'=1+1",
    '',
    '=1+1',
    "'+63 917",
    '+63 917',
    "'hello",
    'hello',
    "'",
    "''",
    "''=x",
    "'@SUM(A1)",
    "'\t=1",
    "O'Brien",
    "'Nonoy, Jr.",
    'say "hi"\nand\r\nbye',
  ]

  test.each(typed)(
    '%j is written with a leading quote only when needed, and read back unchanged',
    (value) => {
      expect(unescapeCell(escapeCell(value))).toBe(value)
      if (value.startsWith("'") || /^[=+\-@\t\r]/.test(value))
        expect(escapeCell(value)).toBe(`'${value}`)
      else expect(escapeCell(value)).toBe(value)
    },
  )

  test('through a real file: written, saved as bytes, read back and parsed', async () => {
    const rows = [['Value', 'Note'], ...typed.map((value) => [value, `${value}.`])]
    const file = new Blob([new TextEncoder().encode(await toCsv(rows))], { type: 'text/csv' })
    const text = await readTextFile(file)
    expect(await parseCsv(text)).toEqual(rows)
    // And no cell of the file, as a spreadsheet reads it, starts like a formula.
    const cells = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data.flat()
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
  })

  test("a file made elsewhere keeps a quote that Kasalan's export would not have added", async () => {
    expect(await parseCsv("Name,Note\r\n'Nonoy,'hello\r\nAna,'=1+1\r\n")).toEqual([
      ['Name', 'Note'],
      ["'Nonoy", "'hello"],
      ['Ana', '=1+1'],
    ])
  })
})

describe('toCsv', () => {
  test('starts with the UTF-8 byte-order mark and keeps ñ', async () => {
    const csv = await toCsv([['Name'], ['Peña']])
    expect(csv.startsWith(BOM)).toBe(true)
    const bytes = new TextEncoder().encode(csv)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(csv).toContain('Peña')
  })

  test('quotes commas, quotes and line breaks so every cell parses back whole', async () => {
    const rows = [
      ['a,b', 'say "hi"', 'two\nlines'],
      ['=cmd|/C calc!A0', '+639175550101', 'plain'],
    ]
    const csv = await toCsv(rows)
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data
    expect(parsed).toEqual([
      ['a,b', 'say "hi"', 'two\nlines'],
      ["'=cmd|/C calc!A0", "'+639175550101", 'plain'],
    ])
  })
})

describe('parseCsv', () => {
  test('strips the BOM, undoes escaping and keeps blank rows so row numbers match', async () => {
    const rows = await parseCsv(`${BOM}Title\r\n\r\nName,Phone\r\nAna,'+63 917\r\n`)
    expect(rows).toEqual([['Title'], [''], ['Name', 'Phone'], ['Ana', '+63 917']])
  })

  test('reads tab-separated rows pasted from a spreadsheet', async () => {
    expect(await parseCsv('First\tLast\nAna\tReyes')).toEqual([
      ['First', 'Last'],
      ['Ana', 'Reyes'],
    ])
  })
})

describe('readTextFile', () => {
  test('reads UTF-8', async () => {
    expect(await readTextFile(new Blob([new TextEncoder().encode('Peña')]))).toBe('Peña')
  })

  test('falls back to Windows-1252, as Excel saves CSV on Windows', async () => {
    expect(await readTextFile(new Blob([new Uint8Array([0x50, 0x65, 0xf1, 0x61])]))).toBe('Peña')
  })
})
