// The checklist's shapes as this model reads them (src/lib/api/checklist.ts has the full ones).
export type ChecklistCategory =
  | 'planning'
  | 'church'
  | 'documents'
  | 'reception'
  | 'suppliers'
  | 'guests'
  | 'attire'
  | 'after'
  | 'other'
export type ChecklistRole = 'owner' | 'partner' | 'coordinator' | 'family_helper'
interface ChecklistItem {
  id: string
  title: string
  notes: string
  category: ChecklistCategory
  dueDate: string | null
  fixedDueDate: string | null
  daysBefore: number | null
  assigneeUserId: string | null
  assigneeRole: ChecklistRole | null
  issuedOn: string | null
  validDays: number | null
  done: boolean
}

/** What save_checklist_item takes. */
export interface ChecklistItemInput {
  id?: string
  title: string
  notes: string
  category: ChecklistCategory
  dueDate: string | null
  daysBefore: number | null
  assigneeUserId: string | null
  assigneeRole: ChecklistRole | null
  issuedOn: string | null
  validDays: number | null
}

/** The item form's fields, as typed. */
export interface ItemForm {
  title: string
  notes: string
  category: ChecklistCategory
  dueDate: string
  assigneeUserId: string
  assigneeRole: ChecklistRole | ''
  isDocument: boolean
  issuedOn: string
  validDays: string
}

export type ItemFormErrors = Partial<
  Record<'title' | 'notes' | 'dueDate' | 'issuedOn' | 'validDays', string>
>

/** How long a document stays valid when the couple marks an item as one (about six months). */
export const defaultValidDays = 180

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** The form for a new item, or for changing `item`. */
export function itemForm(item?: ChecklistItem): ItemForm {
  return {
    title: item?.title ?? '',
    notes: item?.notes ?? '',
    category: item?.category ?? 'other',
    dueDate: item?.dueDate ?? '',
    assigneeUserId: item?.assigneeUserId ?? '',
    assigneeRole: item?.assigneeRole ?? '',
    isDocument: item ? item.validDays !== null : false,
    issuedOn: item?.issuedOn ?? '',
    validDays: String(item?.validDays ?? defaultValidDays),
  }
}

/** What is wrong with the form, as keys of the `plan` strings (`checklist.form.errors.*`). */
export function itemFormErrors(form: ItemForm): ItemFormErrors {
  const errors: ItemFormErrors = {}
  const title = form.title.trim()
  if (!title) errors.title = 'titleRequired'
  else if (title.length > 200) errors.title = 'titleLong'
  if (form.notes.trim().length > 2000) errors.notes = 'notesLong'
  if (form.dueDate && !isoDate.test(form.dueDate)) errors.dueDate = 'date'
  if (form.isDocument) {
    if (form.issuedOn && !isoDate.test(form.issuedOn)) errors.issuedOn = 'date'
    const days = Number(form.validDays.trim())
    if (!/^\d+$/.test(form.validDays.trim()) || days < 1 || days > 3650)
      errors.validDays = 'validDays'
  }
  return errors
}

/**
 * What save_checklist_item takes from a valid form. A due date left as it was keeps following the
 * wedding date (the item's days before it); one the couple changed is theirs from then on.
 */
export function itemInput(form: ItemForm, item?: ChecklistItem): ChecklistItemInput {
  const follows =
    item !== undefined &&
    item.fixedDueDate === null &&
    item.daysBefore !== null &&
    form.dueDate === (item.dueDate ?? '')
  return {
    ...(item ? { id: item.id } : {}),
    title: form.title.trim(),
    notes: form.notes.trim(),
    category: form.category,
    dueDate: follows ? null : form.dueDate || null,
    daysBefore: follows ? item.daysBefore : null,
    assigneeUserId: form.assigneeUserId || null,
    assigneeRole: form.assigneeRole || null,
    issuedOn: form.isDocument ? form.issuedOn || null : null,
    validDays: form.isDocument ? Number(form.validDays.trim()) : null,
  }
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** Whether an item not done is late (its due date before `today`), or due within the week. */
export function dueState(
  item: Pick<ChecklistItem, 'done' | 'dueDate'>,
  today: string,
): 'overdue' | 'soon' | null {
  if (item.done || !item.dueDate) return null
  const days = daysBetween(today, item.dueDate)
  if (days < 0) return 'overdue'
  return days < 7 ? 'soon' : null
}

/** The checklist in groups by the month it is due (`YYYY-MM`), undated last (`''`). */
export function byMonth<Item extends Pick<ChecklistItem, 'dueDate'>>(items: readonly Item[]) {
  const groups = new Map<string, Item[]>()
  for (const item of items) {
    const month = item.dueDate?.slice(0, 7) ?? ''
    groups.set(month, [...(groups.get(month) ?? []), item])
  }
  return [...groups.entries()].map(([month, monthItems]) => ({ month, items: monthItems }))
}
