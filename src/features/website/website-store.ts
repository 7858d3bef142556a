import { create } from 'zustand'
import { saveSiteStructure, setWeddingPublished, type Wedding } from '@/lib/api'
import { useSessionStore } from '@/lib/session'
import {
  draftFromWedding,
  markSaved,
  sameDraft,
  sectionsForSave,
  themeForSave,
  type WebsiteDraft,
} from './model/draft'
import { canRedo, canUndo, commit, createHistory, redo, undo, type History } from '@/lib/history'

/**
 * The website builder's state: the draft of the site's shape and theme with its undo history, what
 * was last saved, and the save and publish calls. The wedding itself lives in the session store,
 * which every management screen shares; a save hands it the wedding the database returned.
 */
interface WebsiteState {
  weddingId: string | null
  history: History<WebsiteDraft>
  /** The draft as last saved (or loaded): the builder has unsaved changes when it differs. */
  saved: WebsiteDraft
  saving: boolean
  saveError: unknown
  publishing: boolean
  publishError: unknown
  /** Starts from the saved wedding, unless the builder already holds this wedding's draft. */
  open(wedding: Wedding): void
  /** Records one change of the draft as one undo step. */
  change(update: (draft: WebsiteDraft) => WebsiteDraft): void
  undo(): void
  redo(): void
  /** Saves the sections and theme in one call; a failure keeps the draft and says why. */
  save(): Promise<boolean>
  /** Forgets unsaved changes: back to the saved site. */
  discard(): void
  /**
   * Forgets the unsaved changes and the undo history (the couple chose Leave): the builder holds
   * the saved site again, at once. Never an empty draft in between: the screen that asked may stay
   * on view (the couple comes back before the next screen has loaded), and it must show the site.
   */
  drop(wedding: Wedding): void
  setPublished(published: boolean): Promise<void>
}

const empty: WebsiteDraft = { sections: [], theme: { name: 'classic', fonts: {}, colors: {} } }

export const useWebsiteStore = create<WebsiteState>((set, get) => ({
  weddingId: null,
  history: createHistory(empty),
  saved: empty,
  saving: false,
  saveError: null,
  publishing: false,
  publishError: null,

  open(wedding) {
    if (get().weddingId === wedding.id) return
    const draft = draftFromWedding(wedding)
    set({
      weddingId: wedding.id,
      history: createHistory(draft),
      saved: draft,
      saveError: null,
      publishError: null,
    })
  },

  change(update) {
    const { history } = get()
    const next = update(history.present)
    if (next !== history.present) set({ history: commit(history, next), saveError: null })
  },

  undo() {
    if (canUndo(get().history)) set({ history: undo(get().history), saveError: null })
  },

  redo() {
    if (canRedo(get().history)) set({ history: redo(get().history), saveError: null })
  },

  async save() {
    const { weddingId, history, saving } = get()
    if (!weddingId || saving) return false
    const draft = history.present
    set({ saving: true, saveError: null })
    try {
      const wedding = await saveSiteStructure(
        weddingId,
        sectionsForSave(draft),
        themeForSave(draft.theme),
      )
      useSessionStore.getState().setWedding(wedding)
      const ids = new Set(wedding.sections.map((section) => section.id))
      const now = get().history
      const mark = (drafts: readonly WebsiteDraft[]) => drafts.map((one) => markSaved(one, ids))
      set({
        history: {
          past: mark(now.past),
          present: markSaved(now.present, ids),
          future: mark(now.future),
        },
        saved: markSaved(draft, ids),
        saving: false,
      })
      return true
    } catch (error) {
      set({ saving: false, saveError: error })
      return false
    }
  },

  discard() {
    const { saved, history } = get()
    if (!sameDraft(saved, history.present))
      set({ history: commit(history, saved), saveError: null })
  },

  drop(wedding) {
    const draft = draftFromWedding(wedding)
    set({ weddingId: wedding.id, history: createHistory(draft), saved: draft, saveError: null })
  },

  async setPublished(published) {
    const { weddingId, publishing } = get()
    if (!weddingId || publishing) return
    set({ publishing: true, publishError: null })
    try {
      const result = await setWeddingPublished(weddingId, published)
      const session = useSessionStore.getState()
      if (session.wedding?.id === result.id)
        session.setWedding({ ...session.wedding, isPublished: result.isPublished })
    } catch (error) {
      set({ publishError: error })
    } finally {
      set({ publishing: false })
    }
  },
}))

/** True when the draft differs from what was saved. */
export const selectDirty = (state: WebsiteState) => !sameDraft(state.saved, state.history.present)
