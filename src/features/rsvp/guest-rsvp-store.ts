import { create } from 'zustand'
import { getRsvp, submitRsvp, type Rsvp, type RsvpAnswerInput } from '@/lib/api/rsvp'
import { BackendError } from '@/lib/backend'
import { withSubmittedAnswers } from '@/lib/rsvp/rsvp-form'

export type RsvpStatus = 'idle' | 'loading' | 'ready' | 'notFound' | 'error'

interface GuestRsvpState {
  /** `householdId/personId` of what is loaded. */
  key: string | null
  /** The household's invitation code, when the guest came with it (`?code=` in the link). */
  code: string | null
  rsvp: Rsvp | null
  status: RsvpStatus
  error: unknown
  /** Loads a household's RSVP, unless it is the one already here. */
  load(
    householdId: string,
    personId: string,
    options?: { force?: boolean; code?: string | null },
  ): Promise<void>
  /** Sends the household's answers; on success the saved RSVP replaces the loaded one. Throws on failure. */
  submit(answers: RsvpAnswerInput[], message: string | null): Promise<Rsvp>
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One household's RSVP for the guest's RSVP and thank-you pages, kept between the two. */
export const useGuestRsvpStore = create<GuestRsvpState>((set, get) => ({
  key: null,
  code: null,
  rsvp: null,
  status: 'idle',
  error: null,
  async load(householdId, personId, options) {
    const code = options?.code ?? null
    const key = `${householdId}/${personId}/${code ?? ''}`
    const state = get()
    if (
      !options?.force &&
      state.key === key &&
      (state.status === 'ready' || state.status === 'loading')
    )
      return
    // A link with something other than ids in it cannot be anybody's RSVP.
    if (!uuid.test(householdId) || !uuid.test(personId)) {
      return set({ key, code, rsvp: null, status: 'notFound', error: null })
    }
    set({ key, code, rsvp: state.key === key ? state.rsvp : null, status: 'loading', error: null })
    try {
      const rsvp = await getRsvp(householdId, personId, code)
      if (get().key === key) set({ rsvp, status: 'ready' })
    } catch (error) {
      if (get().key !== key) return
      const notFound = error instanceof BackendError && error.message === 'rsvp_not_found'
      set({ status: notFound ? 'notFound' : 'error', error })
    }
  },
  async submit(answers, message) {
    const { rsvp, key, code } = get()
    if (!rsvp || !key) throw new Error('No RSVP is loaded')
    const saved = await submitRsvp(rsvp.household.id, rsvp.personId, answers, message, code)
    // Without the code the database leaves every answer out; the thank-you page still shows the
    // guest what they themselves just sent.
    const shown =
      saved.household.access === 'guest_search'
        ? withSubmittedAnswers(saved, answers, message)
        : saved
    if (get().key === key) set({ rsvp: shown, status: 'ready' })
    return shown
  },
}))
