// File names and reading a wedding file: plain functions, no React and no backend.

import { nestsDeeperThan } from '@/lib/json-depth'

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

export type WeddingFileRead =
  { file: Record<string, unknown> } | { error: 'import_unsupported_file' | 'input_too_deep' }

/**
 * The wedding file in `text`: JSON whose format is `kasalan-wedding`, nested no deeper than a call's
 * arguments may be (a real file nests 8 levels; see json-depth.ts). Otherwise the code of the
 * refusal. The database checks the rest (version, rows) and refuses the whole file if anything is
 * wrong.
 */
export function readWeddingFile(text: string): WeddingFileRead {
  let parsed: unknown
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return { error: 'import_unsupported_file' }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { error: 'import_unsupported_file' }
  if (nestsDeeperThan(parsed)) return { error: 'input_too_deep' }
  const file = parsed as Record<string, unknown>
  return file.format === 'kasalan-wedding' ? { file } : { error: 'import_unsupported_file' }
}

/**
 * How many households a wedding file brings: what the guest list holds after its import, which
 * fills an empty wedding with every household of the file or refuses the whole file.
 */
export function weddingFileHouseholds(file: Record<string, unknown>): number {
  return Array.isArray(file.households) ? file.households.length : 0
}
