// File names and reading a wedding file: plain functions, no React and no backend.

/** `2026-11-23` in the couple's time zone (the Philippines, UTC+8 all year). */
export function manilaDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
}

/** The backup's file name, e.g. `kasalan-backup-2026-11-23.tar.gz`. */
export function backupFileName(now: Date): string {
  return `kasalan-backup-${manilaDay(now)}.tar.gz`
}

/** The wedding file's name, e.g. `kasalan-maria-and-juan-2026-11-23.json`. */
export function weddingFileName(slug: string, now: Date): string {
  return `kasalan-${slug}-${manilaDay(now)}.json`
}

/**
 * The wedding file in `text`, or null when it is not one: JSON whose format is `kasalan-wedding`.
 * The database checks the rest (version, rows) and refuses the whole file if anything is wrong.
 */
export function readWeddingFile(text: string): Record<string, unknown> | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return null
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null
  return (parsed as Record<string, unknown>).format === 'kasalan-wedding' ? (parsed as Record<string, unknown>) : null
}
