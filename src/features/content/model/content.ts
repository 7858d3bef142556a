import { compactData, sectionDataProblems, type DataProblem } from '@/lib/site-content/edit'
import { mediaPathsIn, type SectionType } from '@/lib/site-content'

/** What the editor holds for one section: its title and its data as typed. */
export interface ContentValues {
  title: string
  data: Record<string, unknown>
}

/**
 * The values as they are saved: data compacted, and the header's title kept equal to the
 * section's own title (the site reads the section's title first; a stale header title would
 * show again if the couple cleared theirs).
 */
export function toSaved({ title, data }: ContentValues): ContentValues {
  const trimmed = title.trim()
  const compact = (compactData(data) ?? {}) as Record<string, unknown>
  const header = { ...((compact.header as Record<string, unknown> | undefined) ?? {}) }
  delete header.title
  if (trimmed) header.title = trimmed
  const next = { ...compact }
  if (Object.keys(header).length > 0) next.header = header
  else delete next.header
  return { title: trimmed, data: next }
}

/** Problems that stop a save, by path. */
export function contentProblems(type: SectionType, values: ContentValues): DataProblem[] {
  const problems = sectionDataProblems(type, toSaved(values).data)
  if (values.title.trim().length > 200) problems.push({ path: 'title', code: 'too_long' })
  return problems
}

/** True when two versions say the same once compacted (typing a space is not a change). */
export function sameContent(a: ContentValues, b: ContentValues) {
  return JSON.stringify(toSaved(a)) === JSON.stringify(toSaved(b))
}

/** The uploads a save dropped: named before, not any more. */
export function droppedMedia(before: unknown, after: unknown): string[] {
  const kept = new Set(mediaPathsIn(after))
  return mediaPathsIn(before).filter((path) => !kept.has(path))
}

type ScheduleItem = Record<string, unknown> & { id?: unknown; name?: unknown }

/**
 * The schedule's events keep the ids the database gave them even when what is saved was typed
 * before they had any (a draft kept in this browser across the upgrade that gave every event its
 * id): an event without an id takes the id of the saved event of the same name that no other
 * event has, so its RSVP settings and answers stay with it. Other sections are returned as they are.
 */
export function keepEventIds(
  type: SectionType,
  values: ContentValues,
  saved: Record<string, unknown> | null | undefined,
): ContentValues {
  const events = values.data.events
  const before = saved?.events
  if (type !== 'schedule' || !Array.isArray(events) || !Array.isArray(before)) return values
  const key = (item: ScheduleItem) =>
    typeof item.name === 'string' ? item.name.trim().toLocaleLowerCase() : ''
  const used = new Set(
    events
      .map((item: ScheduleItem) => item?.id)
      .filter((id) => typeof id === 'string' && id !== ''),
  )
  let changed = false
  const next = events.map((item: ScheduleItem) => {
    if (
      !item ||
      typeof item !== 'object' ||
      (typeof item.id === 'string' && item.id !== '') ||
      key(item) === ''
    )
      return item
    const match = (before as ScheduleItem[]).find(
      (old) => typeof old?.id === 'string' && !used.has(old.id) && key(old) === key(item),
    )
    if (!match) return item
    used.add(match.id)
    changed = true
    return { ...item, id: match.id }
  })
  return changed ? { ...values, data: { ...values.data, events: next } } : values
}
