import { create } from 'zustand'
import {
  listEvents,
  listReplies,
  recordReply,
  saveEventSettings,
  type EventReply,
  type EventSettings,
  type WeddingEvent,
} from '@/lib/api/events'
import { indexReplies, type ReplyIndex } from '@/lib/rsvp/events'

type Status = 'idle' | 'loading' | 'ready' | 'error'

interface EventsState {
  weddingId: string | null
  /** Every schedule event in order, with its RSVP settings and counts. */
  events: WeddingEvent[]
  /** The replies to the RSVP events other than the main one. */
  replies: EventReply[]
  index: ReplyIndex
  status: Status
  error: unknown
  /** Reads the events and their replies (again each time: guests answer while the couple is away). */
  load(weddingId: string): Promise<void>
  /** Saves one event's settings; every event comes back (another may have become the main). Throws on failure. */
  save(eventId: string, settings: EventSettings): Promise<WeddingEvent[]>
  /** Records or corrects one person's reply to a non-main event. Throws on failure. */
  record(
    eventId: string,
    personId: string,
    isAttending: boolean | null,
    response: Array<{ questionId: string; answer: string }>,
  ): Promise<void>
}

/** The wedding's events and the replies to them, for the RSVPs tab and the Events screen. */
export const useEventsStore = create<EventsState>((set, get) => ({
  weddingId: null,
  events: [],
  replies: [],
  index: new Map(),
  status: 'idle',
  error: null,
  async load(weddingId) {
    const same = get().weddingId === weddingId
    set({
      weddingId,
      status: same && get().status === 'ready' ? 'ready' : 'loading',
      error: null,
      ...(same ? {} : { events: [], replies: [], index: new Map() }),
    })
    try {
      const [events, replies] = await Promise.all([listEvents(weddingId), listReplies(weddingId)])
      if (get().weddingId === weddingId)
        set({ events, replies, index: indexReplies(replies), status: 'ready' })
    } catch (error) {
      if (get().weddingId === weddingId) set({ status: 'error', error })
    }
  },
  async save(eventId, settings) {
    const { weddingId } = get()
    if (!weddingId) throw new Error('No wedding is loaded')
    const events = await saveEventSettings(weddingId, eventId, settings)
    if (get().weddingId !== weddingId) return events
    // Another event may be the main one now, whose replies the list leaves out: read them again.
    const replies = await listReplies(weddingId).catch(() => get().replies)
    if (get().weddingId === weddingId) set({ events, replies, index: indexReplies(replies) })
    return events
  },
  async record(eventId, personId, isAttending, response) {
    const { weddingId } = get()
    if (!weddingId) throw new Error('No wedding is loaded')
    const { reply } = await recordReply(weddingId, eventId, personId, isAttending, response)
    if (get().weddingId !== weddingId) return
    const replies = [
      ...get().replies.filter((item) => !(item.eventId === eventId && item.personId === personId)),
      { ...reply, eventId },
    ]
    set({ replies, index: indexReplies(replies) })
    // The counts are the database's: read them again behind the list.
    void listEvents(weddingId).then(
      (events) => get().weddingId === weddingId && set({ events }),
      () => undefined,
    )
  },
}))
