/**
 * CSV files the way spreadsheets read them: written as UTF-8 with a byte-order mark (so Excel keeps
 * "ñ"), with every cell made safe from formula injection, and read back forgivingly. papaparse is
 * imported on demand, so it never reaches a page that does not read or write a CSV.
 */

/** The byte-order mark that tells Excel a CSV is UTF-8; Google Sheets and LibreOffice ignore it. */
export const BOM = '\uFEFF'

/**
 * A cell starting with one of these is run as a formula by Excel, Google Sheets or LibreOffice
 * ("CSV injection": `=HYPERLINK(...)`, `@SUM(...)`, and even a phone number like `+63 917 ...`
 * turns into an error). Tab and carriage return are on OWASP's list because some spreadsheets
 * skip them and then read the formula that follows.
 */
const formulaStart = /^[=+\-@\t\r]/

/**
 * Prefixes a `'` to a cell a spreadsheet would run as a formula; spreadsheets show it as text. A
 * cell that already starts with `'` gets one too, so that reading the file back (`unescapeCell`)
 * removes exactly the one written here: `=1+1`, `'=1+1` and `'hello` are written `'=1+1`,
 * `''=1+1` and `''hello`, and come back as typed.
 */
export function escapeCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value)
  return formulaStart.test(text) || text.startsWith("'") ? `'${text}` : text
}

/**
 * Undoes escapeCell when reading a file back: the one `'` before a formula's first character or
 * before another `'`. `'+63 917` becomes `+63 917`, `''+63 917` becomes `'+63 917`; `'hello`, which
 * escapeCell never writes, is kept as it is.
 */
export function unescapeCell(value: string): string {
  return value.length > 1 &&
    value[0] === "'" &&
    (value[1] === "'" || formulaStart.test(value.slice(1)))
    ? value.slice(1)
    : value
}

type Cell = string | number | boolean | null | undefined

/** The CSV text of rows of cells (the first row is usually the header), escaped, with the BOM. */
export async function toCsv(rows: ReadonlyArray<ReadonlyArray<Cell>>): Promise<string> {
  const { default: Papa } = await import('papaparse')
  const body = Papa.unparse(
    rows.map((row) => row.map(escapeCell)),
    { newline: '\r\n', quotes: false },
  )
  return BOM + body + '\r\n'
}

/**
 * The rows of a CSV (or of cells pasted from a spreadsheet, which are tab-separated: the
 * delimiter is detected). Every row is kept, blank ones too, so row numbers match the file's.
 */
export async function parseCsv(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse')
  const source = text.startsWith(BOM) ? text.slice(BOM.length) : text
  const result = Papa.parse<string[]>(source, { skipEmptyLines: false, delimiter: '' })
  const rows = result.data.map((row) => row.map((cell) => unescapeCell(cell ?? '')))
  // A final line break leaves one empty row behind; the file does not have it.
  while (rows.length > 0 && rows[rows.length - 1]!.every((cell) => cell.trim() === '')) rows.pop()
  return rows
}

/**
 * A text file's content. UTF-8 first; a file that is not valid UTF-8 is read as Windows-1252,
 * the encoding Excel on Windows uses for "CSV (Comma delimited)", so "Peña" survives either way.
 */
export async function readTextFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer()
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/** Saves text (or any file content) as a file through the browser's download. */
export function downloadFile(fileName: string, text: BlobPart, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers start the download after the click returns: free the URL a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
