// @vitest-environment node
import { describe, expect, test } from 'vitest'
import {
  addCustomPage,
  draftFromWedding,
  markSaved,
  moveSection,
  removeSection,
  renameSection,
  sameDraft,
  sectionsForSave,
  setColor,
  setFont,
  setSectionVisible,
  setThemeName,
  themeForSave,
  uniquePath,
} from '@/features/website/model/draft'
import { previewSite } from '@/features/website/preview-site'
import { canRedo, canUndo, commit, createHistory, redo, undo } from '@/lib/history'
import { slugify, slugProblem } from '@/features/website/model/slug'
import { websiteWedding } from './website-wedding'

const wedding = websiteWedding()
const start = draftFromWedding(wedding)
const paths = (draft: typeof start) => draft.sections.map((section) => section.path)

describe('the builder draft', () => {
  test('starts from the saved sections in order, and the theme without choices equal to its preset', () => {
    const draft = draftFromWedding({
      ...wedding,
      sections: [...wedding.sections].reverse(),
      theme: {
        name: 'modern',
        fonts: { body: 'DM Sans', names: 'Great Vibes' },
        colors: { text: '#ABCDEF', background: 'red' },
      },
    })
    expect(paths(draft)).toEqual(paths(start))
    expect(draft.theme).toEqual({
      name: 'modern',
      fonts: { names: 'Great Vibes' },
      colors: { text: '#abcdef' },
    })
  })

  test('moves, hides and renames; a change that changes nothing returns the same draft', () => {
    const moved = moveSection(start, 2, 0)
    expect(paths(moved).slice(0, 3)).toEqual(['schedule', 'home', 'our-story'])
    expect(moveSection(start, 1, 1)).toBe(start)
    expect(moveSection(start, 0, 99)).toBe(start)

    const schedule = start.sections[2]!
    const hidden = setSectionVisible(start, schedule.id, false)
    expect(hidden.sections[2]!.visible).toBe(false)
    expect(setSectionVisible(hidden, schedule.id, false)).toBe(hidden)

    const renamed = renameSection(start, schedule.id, '  Programa  ')
    expect(renamed.sections[2]).toMatchObject({ label: 'Programa', path: 'schedule' })
    expect(renameSection(start, schedule.id, '   ')).toBe(start)
  })

  test('a custom page gets a unique address from its name, follows renames until saved, and can be removed', () => {
    const added = addCustomPage(start, 'Paalala sa Bisita', 'page-1')
    expect(added.sections.at(-1)).toMatchObject({
      id: 'page-1',
      type: 'custom',
      label: 'Paalala sa Bisita',
      path: 'paalala-sa-bisita',
      visible: true,
      isNew: true,
    })
    expect(addCustomPage(start, '  ', 'x')).toBe(start)

    const twice = addCustomPage(added, 'Paalala sa bisita!', 'page-2')
    expect(twice.sections.at(-1)!.path).toBe('paalala-sa-bisita-2')

    const renamed = renameSection(added, 'page-1', 'Mga Paalala')
    expect(renamed.sections.at(-1)!.path).toBe('mga-paalala')
    const saved = markSaved(renamed, new Set(['page-1']))
    expect(renameSection(saved, 'page-1', 'Iba Pa').sections.at(-1)).toMatchObject({
      label: 'Iba Pa',
      path: 'mga-paalala',
    })

    expect(removeSection(added, 'page-1').sections).toHaveLength(start.sections.length)
    // Built-in sections are hidden, never removed.
    expect(removeSection(start, start.sections[0]!.id)).toBe(start)
  })

  test('paths never clash with another section’s', () => {
    expect(uniquePath('Schedule', start.sections)).toBe('schedule-2')
    expect(uniquePath('!!!', start.sections)).toBe('pahina')
  })

  test('theme: a new theme drops the choices; a choice equal to the preset is not kept; only hex colours', () => {
    const chosen = setColor(setFont(start, 'names', 'Lato'), 'text', '#112233')
    expect(chosen.theme).toEqual({
      name: 'classic',
      fonts: { names: 'Lato' },
      colors: { text: '#112233' },
    })
    expect(setFont(chosen, 'names', 'Great Vibes').theme.fonts).toEqual({})
    expect(setColor(chosen, 'text', 'blue')).toBe(chosen)
    expect(setThemeName(chosen, 'elegant').theme).toEqual({
      name: 'elegant',
      fonts: {},
      colors: {},
    })
    expect(setThemeName(start, 'classic')).toBe(start)
    expect(themeForSave(chosen.theme)).toEqual({
      name: 'classic',
      fonts: { names: 'Lato' },
      colors: { text: '#112233' },
    })
    expect(themeForSave(start.theme)).toEqual({ name: 'classic' })
  })

  test('what is saved: every section in order, without data or title', () => {
    const draft = addCustomPage(moveSection(start, 1, 0), 'Paalala', 'page-1')
    const saved = sectionsForSave(draft)
    expect(saved.map((section) => section.path)).toEqual(paths(draft))
    for (const section of saved)
      expect(Object.keys(section).sort()).toEqual(['id', 'label', 'path', 'type', 'visible'])
    expect(sameDraft(draft, draftFromWedding(wedding))).toBe(false)
    expect(sameDraft(start, draftFromWedding(wedding))).toBe(true)
  })

  test('the preview is the saved site with the unsaved order, visibility, pages and theme', () => {
    const draft = setThemeName(
      addCustomPage(
        setSectionVisible(moveSection(start, 2, 0), start.sections[2]!.id, false),
        'Paalala',
        'page-1',
      ),
      'modern',
    )
    const site = previewSite(wedding, draft, { bride: { firstName: 'Maria', lastName: 'Cruz' } })
    expect(
      site.sections.map((section) => [section.path, section.orderIndex, section.visible])[0],
    ).toEqual(['schedule', 0, false])
    expect(site.sections.at(-1)).toMatchObject({ type: 'custom', title: 'Paalala', data: {} })
    expect(site.wedding.theme).toEqual({ name: 'modern' })
    expect(site.wedding.bride.firstName).toBe('Maria')
    expect(site.isCouple).toBe(false)
  })
})

describe('undo and redo', () => {
  test('each change is a step; undo and redo walk them; a new change clears redo; no-change is no step', () => {
    let history = createHistory(start)
    expect(canUndo(history)).toBe(false)
    const hidden = setSectionVisible(start, start.sections[2]!.id, false)
    history = commit(history, hidden)
    history = commit(history, hidden)
    expect(history.past).toHaveLength(1)
    history = undo(history)
    expect(history.present).toBe(start)
    expect(canRedo(history)).toBe(true)
    history = redo(history)
    expect(history.present).toBe(hidden)
    history = undo(history)
    history = commit(history, moveSection(start, 1, 0))
    expect(canRedo(history)).toBe(false)
    expect(undo(createHistory(start)).present).toBe(start)
  })
})

describe('the site address', () => {
  test.each([
    ['maria-at-juan', null],
    ['ab', 'tooShort'],
    ['x'.repeat(64), 'tooLong'],
    ['Maria', 'characters'],
    ['maria_juan', 'characters'],
    ['-maria', 'characters'],
    ['maria--juan', 'characters'],
    ['admin', 'reserved'],
    ['manage', 'reserved'],
    ['www', 'reserved'],
  ])('"%s": %s', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem)
  })

  test('slugify keeps letters without their accents', () => {
    expect(slugify('Niña & José 2027')).toBe('nina-jose-2027')
  })
})
