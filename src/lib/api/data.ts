import * as z from 'zod/mini'
import { call } from './call'
import { wedding } from './schemas'

const rows = z.array(z.record(z.string(), z.unknown()))

/**
 * A wedding file as export_wedding writes it (rows as the database keeps them; see the contract).
 * The plan's lists (checklist to thank-you messages) are in every export since they were added;
 * import_wedding still takes a file without them.
 */
export const weddingFile = z.looseObject({
  format: z.literal('kasalan-wedding'),
  version: z.literal(1),
  exportedAt: z.string(),
  wedding: z.record(z.string(), z.unknown()),
  sections: rows,
  households: rows,
  persons: rows,
  seatingLayout: z.nullable(z.record(z.string(), z.unknown())),
  checklistItems: rows,
  budgetLines: rows,
  budgetPayments: rows,
  suppliers: rows,
  gifts: rows,
  giftThankYouTemplates: rows,
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

/**
 * Empties the couple's wedding for a fresh start or an import: its guests with their answers, the
 * seating chart and the plan. The details, website, events and members stay. The owner's alone.
 */
export function emptyWedding(weddingId: string) {
  return call('empty_wedding', { p_wedding_id: weddingId }, z.unknown())
}
