import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  getMediaInUse,
  getSectionContent,
  saveSectionContent,
  type SectionContent,
} from '@/lib/api'
import { BackendError } from '@/lib/backend'
import { getMedia } from '@/lib/media'
import { homeTitleFollowsNames, type SectionType } from '@/lib/site-content'
import { readDraft, removeDraft, writeDraft } from './draft-storage'
import {
  contentProblems,
  droppedMedia,
  keepEventIds,
  sameContent,
  toSaved,
  type ContentValues,
} from './model/content'
import { pathKey, setAt, type ValuePath } from './model/value-path'

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed' | 'invalid' | 'conflict'

/** The wedding's names, which a home title still equal to them follows (see homeTitleFollowsNames). */
export type CoupleNames = Parameters<typeof homeTitleFollowsNames>[1]

// A home title that is only the couple's names (as sign-up saved it) is shown empty, so it keeps
// following the names; the field's hint shows them, capitalised.
const valuesOf = (content: SectionContent, couple: CoupleNames): ContentValues => ({
  title: homeTitleFollowsNames(content.section, couple) ? '' : (content.section.title ?? ''),
  data: content.section.data,
})

/** Deletes uploads the save dropped, unless another section still shows them. Best effort. */
async function removeDroppedMedia(weddingId: string, before: unknown, after: unknown) {
  const dropped = droppedMedia(before, after)
  if (dropped.length === 0) return
  try {
    const inUse = new Set(await getMediaInUse(weddingId))
    const unused = dropped.filter((path) => !inUse.has(path))
    if (unused.length > 0) await (await getMedia()).remove(weddingId, unused)
  } catch {
    // A file left behind costs storage, never content; the next removal tries again.
  }
}

/**
 * One section in the content editor: loaded from the database, the couple's typing kept as a
 * draft in this browser until it is saved, a save that never overwrites a newer change (the couple
 * chooses), and the reasons a save failed.
 */
export function useSectionEditor(sectionId: string, weddingId: string, couple: CoupleNames = {}) {
  const [server, setServer] = useState<SectionContent | null>(null)
  const [values, setValues] = useState<ContentValues | null>(null)
  const [loadError, setLoadError] = useState<unknown>(null)
  const [restoredAt, setRestoredAt] = useState<string | null>(null)
  const [saveState, setSaveState] = useState<SaveState>('idle')
  const [saveError, setSaveError] = useState<unknown>(null)
  const [theirs, setTheirs] = useState<SectionContent | null>(null)
  const [problems, setProblems] = useState<Map<string, string>>(new Map())
  const base = useRef<string | null>(null)

  const [attempt, setAttempt] = useState(0)
  // By the names themselves, so a wedding object read again does not reload the section.
  const brideName = couple.bride?.firstName ?? ''
  const groomName = couple.groom?.firstName ?? ''
  const names = useMemo(
    () => ({ bride: { firstName: brideName }, groom: { firstName: groomName } }),
    [brideName, groomName],
  )

  useEffect(() => {
    let cancelled = false
    getSectionContent(sectionId).then(
      (content) => {
        if (cancelled) return
        const draft = readDraft(sectionId)
        setServer(content)
        if (draft && !sameContent(draft, valuesOf(content, names))) {
          setValues({ title: draft.title, data: draft.data })
          base.current = draft.baseContentUpdatedAt
          setRestoredAt(draft.changedAt)
        } else {
          if (draft) removeDraft(sectionId)
          setValues(valuesOf(content, names))
          base.current = content.contentUpdatedAt
        }
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(error)
      },
    )
    return () => {
      cancelled = true
    }
  }, [sectionId, attempt, names])

  const update = useCallback(
    (next: (current: ContentValues) => ContentValues) => {
      setValues((current) => {
        if (!current) return current
        const changed = next(current)
        writeDraft(sectionId, {
          ...changed,
          baseContentUpdatedAt: base.current ?? '',
          changedAt: new Date().toISOString(),
        })
        return changed
      })
      setSaveState((state) => (state === 'saved' ? 'idle' : state))
    },
    [sectionId],
  )

  const change = useCallback(
    (path: ValuePath, value: unknown) =>
      update((current) => ({
        ...current,
        data: setAt(current.data, path, value) as Record<string, unknown>,
      })),
    [update],
  )
  const setTitle = useCallback(
    (title: string) => update((current) => ({ ...current, title })),
    [update],
  )

  const adopt = (content: SectionContent) => {
    setServer(content)
    setValues(valuesOf(content, names))
    base.current = content.contentUpdatedAt
    removeDraft(sectionId)
    setRestoredAt(null)
    setTheirs(null)
  }

  const saveOn = async (baseVersion: string | null) => {
    if (!values || !server) return
    const found = contentProblems(server.section.type as SectionType, values)
    setProblems(new Map(found.map((problem) => [problem.path, problem.code])))
    if (found.length > 0) {
      setSaveState('invalid')
      return
    }
    setSaveState('saving')
    setSaveError(null)
    // Ids given since this was typed (see keepEventIds): from the version it is saved over.
    const saved = toSaved(
      keepEventIds(server.section.type as SectionType, values, (theirs ?? server).section.data),
    )
    try {
      const result = await saveSectionContent(sectionId, saved.title, saved.data, baseVersion)
      const before = server.section.data
      adopt(result)
      setSaveState('saved')
      void removeDroppedMedia(weddingId, before, result.section.data)
    } catch (error) {
      let failure = error
      if (error instanceof BackendError && error.message === 'section_content_conflict') {
        try {
          setTheirs(await getSectionContent(sectionId))
          setSaveState('conflict')
          return
        } catch (reload) {
          failure = reload
        }
      }
      setSaveError(failure)
      setSaveState('failed')
    }
  }

  const dirty = useMemo(
    () => Boolean(values && server && !sameContent(values, valuesOf(server, names))),
    [values, server, names],
  )

  return {
    server,
    values,
    loadError,
    reload: () => {
      setLoadError(null)
      setAttempt((count) => count + 1)
    },
    restoredAt,
    dirty,
    saveState,
    saveError,
    theirs,
    problems,
    change,
    setTitle,
    save: () => saveOn(base.current),
    /** Keeps what this browser has, over the newer version (which the couple has seen). */
    keepMine: () => (theirs ? saveOn(theirs.contentUpdatedAt) : Promise.resolve()),
    /** Drops this browser's changes for the newer version. */
    useTheirs: () => {
      if (theirs) adopt(theirs)
      setSaveState('idle')
    },
    /** Drops the restored draft and goes back to what is saved. */
    discardDraft: () => {
      if (server) adopt(server)
      setSaveState('idle')
    },
    /** Forgets this browser's draft of the section (the couple chose Leave): what is saved stays. */
    forgetDraft: () => removeDraft(sectionId),
    problemFor: (path: ValuePath) => problems.get(pathKey(path)) ?? null,
  }
}
