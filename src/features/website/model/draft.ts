// The builder's draft: the site's sections (order, labels, paths, visibility, custom pages) and
// its theme. Plain data and functions returning new drafts; the view dispatches these and the
// history records each result as one step. A function that changes nothing returns its input.

import {
  colorRoles,
  fontFamilies,
  fontRoles,
  themeNames,
  themes,
  type ColorRole,
  type FontFamily,
  type FontRole,
  type ThemeName,
} from '@/lib/theme'
import { slugify } from './slug'

/** A section as the wedding holds it (the Section of docs/database-contract.md). */
export interface SectionRecord {
  readonly id: string
  readonly type: SectionType
  readonly label?: string | null
  readonly path: string
  readonly visible: boolean
  readonly orderIndex: number
}

export type SectionType =
  | 'home'
  | 'our-story'
  | 'schedule'
  | 'travel'
  | 'registry'
  | 'wedding-party'
  | 'gallery'
  | 'things-to-do'
  | 'faqs'
  | 'rsvp'
  | 'about'
  | 'custom'

export interface DraftSection {
  /** The section's id; a new page gets its id here, and keeps it when saved. */
  readonly id: string
  readonly type: SectionType
  readonly label: string
  readonly path: string
  readonly visible: boolean
  /** True until the page has been saved once. */
  readonly isNew: boolean
}

export interface ThemeDraft {
  readonly name: ThemeName
  /** The couple's own choices over the theme's preset; a choice equal to the preset is not kept. */
  readonly fonts: Readonly<Partial<Record<FontRole, FontFamily>>>
  readonly colors: Readonly<Partial<Record<ColorRole, string>>>
}

export interface WebsiteDraft {
  readonly sections: readonly DraftSection[]
  readonly theme: ThemeDraft
}

export const LABEL_MAX_LENGTH = 100
export const MAX_SECTIONS = 50

/** Only these may be removed; built-in sections are hidden instead. */
export const removableTypes: ReadonlySet<string> = new Set(['custom', 'about'])

const hex = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

function themeDraft(theme: Record<string, unknown>): ThemeDraft {
  const name = (themeNames as readonly unknown[]).includes(theme.name)
    ? (theme.name as ThemeName)
    : 'classic'
  const preset = themes[name]
  const fonts: Partial<Record<FontRole, FontFamily>> = {}
  const colors: Partial<Record<ColorRole, string>> = {}
  const givenFonts = (theme.fonts ?? {}) as Record<string, unknown>
  const givenColors = (theme.colors ?? {}) as Record<string, unknown>
  for (const role of fontRoles) {
    const family = givenFonts[role]
    if ((fontFamilies as readonly unknown[]).includes(family) && family !== preset.fonts[role])
      fonts[role] = family as FontFamily
  }
  for (const role of colorRoles) {
    const colour = givenColors[role]
    if (
      typeof colour === 'string' &&
      hex.test(colour) &&
      colour.toLowerCase() !== preset.colors[role]
    ) {
      colors[role] = colour.toLowerCase()
    }
  }
  return { name, fonts, colors }
}

/** The draft the saved wedding starts the builder with. */
export function draftFromWedding(wedding: {
  sections: readonly SectionRecord[]
  theme: Record<string, unknown>
}): WebsiteDraft {
  const sections = [...wedding.sections]
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .map((section) => ({
      id: section.id,
      type: section.type,
      label: section.label ?? '',
      path: section.path,
      visible: section.visible,
      isNew: false,
    }))
  return { sections, theme: themeDraft(wedding.theme) }
}

/** True when two drafts would save the same site. */
export function sameDraft(a: WebsiteDraft, b: WebsiteDraft): boolean {
  if (a === b) return true
  const shape = (draft: WebsiteDraft) =>
    JSON.stringify([
      draft.sections.map(({ id, label, path, visible }) => [id, label, path, visible]),
      draft.theme,
    ])
  return shape(a) === shape(b)
}

const withSections = (draft: WebsiteDraft, sections: readonly DraftSection[]): WebsiteDraft => ({
  ...draft,
  sections,
})

/** Moves the section at `from` to `to` (list positions). */
export function moveSection(draft: WebsiteDraft, from: number, to: number): WebsiteDraft {
  const { sections } = draft
  if (from === to || from < 0 || to < 0 || from >= sections.length || to >= sections.length)
    return draft
  const next = [...sections]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return withSections(draft, next)
}

function updateSection(
  draft: WebsiteDraft,
  id: string,
  change: (section: DraftSection) => DraftSection,
): WebsiteDraft {
  let changed = false
  const sections = draft.sections.map((section) => {
    if (section.id !== id) return section
    const next = change(section)
    changed ||= next !== section
    return next
  })
  return changed ? withSections(draft, sections) : draft
}

/** Shows or hides a section on the site. */
export function setSectionVisible(draft: WebsiteDraft, id: string, visible: boolean): WebsiteDraft {
  return updateSection(draft, id, (section) =>
    section.visible === visible ? section : { ...section, visible },
  )
}

/** Renames a section (its name in the site's menu); a blank name changes nothing. */
export function renameSection(draft: WebsiteDraft, id: string, label: string): WebsiteDraft {
  const trimmed = label.trim().slice(0, LABEL_MAX_LENGTH)
  if (!trimmed) return draft
  return updateSection(draft, id, (section) => {
    if (section.label === trimmed) return section
    // A new page's address follows its name until it is saved; a saved page keeps its address.
    const path = section.isNew ? uniquePath(trimmed, draft.sections, section.id) : section.path
    return { ...section, label: trimmed, path }
  })
}

/** An address for a page from its name, unlike every other section's: "Paalala" → "paalala", "paalala-2". */
export function uniquePath(
  label: string,
  sections: readonly DraftSection[],
  exceptId?: string,
): string {
  const taken = new Set(
    sections.filter((section) => section.id !== exceptId).map((section) => section.path),
  )
  const base = slugify(label, 50) || 'pahina'
  let path = base
  for (let n = 2; taken.has(path); n += 1) path = `${base}-${n}`
  return path
}

/** Adds a visible custom page at the end, with this id (a UUID the page keeps once saved). */
export function addCustomPage(draft: WebsiteDraft, label: string, id: string): WebsiteDraft {
  const trimmed = label.trim().slice(0, LABEL_MAX_LENGTH)
  if (!trimmed || draft.sections.length >= MAX_SECTIONS) return draft
  const page: DraftSection = {
    id,
    type: 'custom',
    label: trimmed,
    path: uniquePath(trimmed, draft.sections),
    visible: true,
    isNew: true,
  }
  return withSections(draft, [...draft.sections, page])
}

/** Removes a custom (or about) page; other sections cannot be removed, only hidden. */
export function removeSection(draft: WebsiteDraft, id: string): WebsiteDraft {
  const section = draft.sections.find((candidate) => candidate.id === id)
  if (!section || !removableTypes.has(section.type)) return draft
  return withSections(
    draft,
    draft.sections.filter((candidate) => candidate.id !== id),
  )
}

/** Chooses one of the three themes, with its own fonts and colours. */
export function setThemeName(draft: WebsiteDraft, name: ThemeName): WebsiteDraft {
  if (
    draft.theme.name === name &&
    Object.keys(draft.theme.fonts).length + Object.keys(draft.theme.colors).length === 0
  ) {
    return draft
  }
  return { ...draft, theme: { name, fonts: {}, colors: {} } }
}

/** The font of one role (names, headings, …). */
export function setFont(draft: WebsiteDraft, role: FontRole, family: FontFamily): WebsiteDraft {
  const current = draft.theme.fonts[role] ?? themes[draft.theme.name].fonts[role]
  if (current === family) return draft
  const fonts = { ...draft.theme.fonts }
  if (family === themes[draft.theme.name].fonts[role]) delete fonts[role]
  else fonts[role] = family
  return { ...draft, theme: { ...draft.theme, fonts } }
}

/** The colour of one role (background, text, …); only a hex colour is taken. */
export function setColor(draft: WebsiteDraft, role: ColorRole, colour: string): WebsiteDraft {
  if (!hex.test(colour)) return draft
  const value = colour.toLowerCase()
  const current = draft.theme.colors[role] ?? themes[draft.theme.name].colors[role]
  if (current === value) return draft
  const colors = { ...draft.theme.colors }
  if (value === themes[draft.theme.name].colors[role]) delete colors[role]
  else colors[role] = value
  return { ...draft, theme: { ...draft.theme, colors } }
}

/** Back to the theme's own fonts and colours. */
export function resetThemeChoices(draft: WebsiteDraft): WebsiteDraft {
  return setThemeName(draft, draft.theme.name)
}

/** The sections as save_site_structure takes them (order is position). */
export function sectionsForSave(draft: WebsiteDraft) {
  return draft.sections.map(({ id, type, label, path, visible }) => ({
    id,
    type,
    label,
    path,
    visible,
  }))
}

/** The theme as the wedding stores it: the name, and only the couple's own choices. */
export function themeForSave(theme: ThemeDraft): Record<string, unknown> {
  return {
    name: theme.name,
    ...(Object.keys(theme.fonts).length ? { fonts: { ...theme.fonts } } : {}),
    ...(Object.keys(theme.colors).length ? { colors: { ...theme.colors } } : {}),
  }
}

/** Marks pages that now exist in the database as saved: their address no longer follows their name. */
export function markSaved(draft: WebsiteDraft, savedIds: ReadonlySet<string>): WebsiteDraft {
  if (!draft.sections.some((section) => section.isNew && savedIds.has(section.id))) return draft
  return withSections(
    draft,
    draft.sections.map((section) =>
      section.isNew && savedIds.has(section.id) ? { ...section, isNew: false } : section,
    ),
  )
}
