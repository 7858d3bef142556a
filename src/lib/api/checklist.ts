import * as z from 'zod/mini'
import { call } from './call'
import type { MemberRole } from './schemas'

// Imported on its own (not through '@/lib/api'): only the plan's screens use the checklist, and
// the public site's chunks must not carry these schemas.

/** The roles a checklist item may be assigned to: every member's but the usher's, who only checks in. */
export const checklistRoles = [
  'owner',
  'partner',
  'coordinator',
  'family_helper',
] as const satisfies readonly MemberRole[]
export type ChecklistAssigneeRole = (typeof checklistRoles)[number]

export const checklistCategories = [
  'planning',
  'church',
  'documents',
  'reception',
  'suppliers',
  'guests',
  'attire',
  'after',
  'other',
] as const
export type ChecklistCategory = (typeof checklistCategories)[number]

export const documentValidities = [
  'not_issued',
  'expired',
  'expires_before_wedding',
  'valid',
] as const
export type DocumentValidity = (typeof documentValidities)[number]

export const checklistItem = z.object({
  id: z.string(),
  templateKey: z.nullable(z.string()),
  title: z.string(),
  notes: z.string(),
  category: z.enum(checklistCategories),
  dueDate: z.nullable(z.string()),
  fixedDueDate: z.nullable(z.string()),
  daysBefore: z.nullable(z.number()),
  assigneeUserId: z.nullable(z.string()),
  assigneeName: z.nullable(z.string()),
  assigneeRole: z.nullable(z.enum(checklistRoles)),
  issuedOn: z.nullable(z.string()),
  validDays: z.nullable(z.number()),
  validUntil: z.nullable(z.string()),
  validity: z.nullable(z.enum(documentValidities)),
  expiresDaysBeforeWedding: z.nullable(z.number()),
  done: z.boolean(),
  doneAt: z.nullable(z.string()),
  doneBy: z.nullable(z.string()),
  updatedAt: z.string(),
})
export type ChecklistItem = z.infer<typeof checklistItem>

export const checklist = z.object({
  weddingDate: z.nullable(z.string()),
  today: z.string(),
  canEdit: z.boolean(),
  items: z.array(checklistItem),
})
export type Checklist = z.infer<typeof checklist>

export const checklistWeek = z.object({
  today: z.string(),
  overdue: z.array(checklistItem),
  thisWeek: z.array(checklistItem),
})
export type ChecklistWeek = z.infer<typeof checklistWeek>

/** What the checklist's form saves: a due date set, or days before the wedding date, or neither. */
export interface ChecklistItemInput {
  id?: string
  title: string
  notes: string
  category: ChecklistCategory
  dueDate: string | null
  daysBefore: number | null
  assigneeUserId: string | null
  assigneeRole: ChecklistAssigneeRole | null
  issuedOn: string | null
  validDays: number | null
}

/** One item of a timeline the couple starts from, its title already in their language. */
export interface TimelineItem {
  key: string
  title: string
  category: ChecklistCategory
  daysBefore: number
  validDays?: number
}

/** The checklist as the signed-in member sees it (a family helper: only what is theirs). */
export function listChecklist(weddingId: string) {
  return call('list_checklist', { p_wedding_id: weddingId }, checklist)
}

/** What is overdue and what is due in the next seven days, Manila's days. */
export function checklistThisWeek(weddingId: string) {
  return call('checklist_this_week', { p_wedding_id: weddingId }, checklistWeek)
}

/** Adds the timeline's items not there yet; returns the checklist. */
export function startChecklist(weddingId: string, items: readonly TimelineItem[]) {
  return call('start_checklist', { p_wedding_id: weddingId, p_items: items }, checklist)
}

/** Adds an item (no id) or changes one. */
export function saveChecklistItem(weddingId: string, item: ChecklistItemInput) {
  return call('save_checklist_item', { p_wedding_id: weddingId, p_item: item }, checklistItem)
}

/** Ticks an item done, or not done. */
export function setChecklistItemDone(weddingId: string, itemId: string, done: boolean) {
  return call(
    'set_checklist_item_done',
    { p_wedding_id: weddingId, p_item_id: itemId, p_done: done },
    checklistItem,
  )
}

export function deleteChecklistItem(weddingId: string, itemId: string) {
  return call('delete_checklist_item', { p_wedding_id: weddingId, p_item_id: itemId }, z.unknown())
}
