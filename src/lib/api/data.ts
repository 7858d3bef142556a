import * as z from 'zod/mini'
import { call } from './call'
import { wedding } from './schemas'

/** A wedding file as export_wedding writes it (rows as the database keeps them; see the contract). */
export const weddingFile = z.looseObject({
  format: z.literal('kasalan-wedding'),
  version: z.literal(1),
  exportedAt: z.string(),
  wedding: z.record(z.string(), z.unknown()),
  sections: z.array(z.record(z.string(), z.unknown())),
  households: z.array(z.record(z.string(), z.unknown())),
  persons: z.array(z.record(z.string(), z.unknown())),
  seatingLayout: z.nullable(z.record(z.string(), z.unknown())),
})

export type WeddingFile = z.infer<typeof weddingFile>

/** The couple's whole wedding as one versioned file, to keep or to move to another backend. */
export function exportWedding(weddingId: string) {
  return call('export_wedding', { p_wedding_id: weddingId }, weddingFile)
}

/** Fills the couple's empty wedding from a wedding file, all or nothing. */
export function importWedding(weddingId: string, file: unknown) {
  return call('import_wedding', { p_wedding_id: weddingId, p_file: file }, wedding)
}
