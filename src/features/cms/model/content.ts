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
