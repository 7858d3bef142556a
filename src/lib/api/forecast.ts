import * as z from 'zod/mini'
import { call } from './call'

/*
 * The pax forecast (supabase/schemas/14_forecast.sql): the number of persons to give the caterer,
 * from the replies so far, the households' seat caps and the couple's assumptions. Every figure is
 * the database's; the screens only show and explain them. Imported on its own, not through
 * `@/lib/api`: only the forecast card and page use it.
 */

const count = z.number()

export const forecastSettings = z.object({
  /** Percent of the persons still pending expected to come (0-100). */
  expectedPct: count,
  /** Percent of the yeses allowed for not coming (0-50). */
  noShowPct: count,
  /** Persons who come without having replied. */
  walkIns: count,
})
export type ForecastSettings = z.infer<typeof forecastSettings>

export const forecastQuestion = z.object({
  id: z.string(),
  question: z.string(),
  kind: z.enum(['text', 'choice']),
  /** A choice question: how many of those coming chose each answer, in the options' order. */
  counts: z.array(z.object({ answer: z.string(), count })),
  /** A text question (dietary needs): each answer given by someone coming. */
  answers: z.array(z.object({ firstName: z.string(), lastName: z.string(), answer: z.string() })),
  /** Those coming who left it unanswered. */
  unanswered: count,
})
export type ForecastQuestion = z.infer<typeof forecastQuestion>

export const paxForecast = z.object({
  settings: forecastSettings,
  households: z.object({ total: count, answered: count, pending: count }),
  confirmed: z.object({ adults: count, children: count, total: count }),
  declined: count,
  /** Persons still to answer, a household counting no more than its seats left. */
  pending: count,
  /** Every person with no reply yet (the Events page's and the RSVPs tab's figure). */
  noReply: count,
  /** Those with no reply whose household's seats are already taken: noReply less pending. */
  beyondSeats: count,
  /** The yeses and those still to answer: the door's "expected". */
  mayCome: count,
  /** A private event: no walk-ins are added to it. */
  isPrivate: z.boolean(),
  expectedFromPending: count,
  noShows: count,
  walkIns: count,
  /** The caterer's range: the yeses less the no-shows plus the expected; all of them plus walk-ins. */
  low: count,
  high: count,
  questions: z.array(forecastQuestion),
})
export type PaxForecast = z.infer<typeof paxForecast>

/**
 * The forecast of the wedding's own answers (the main event's), or, given another event taking
 * RSVPs, of the persons it invites and their replies to it (event_not_found for any other id).
 */
export function getPaxForecast(weddingId: string, eventId: string | null = null) {
  return call('get_pax_forecast', { p_wedding_id: weddingId, p_event_id: eventId }, paxForecast)
}

/** Saves the assumptions; answers the forecast they give. */
export function savePaxForecastSettings(weddingId: string, settings: ForecastSettings) {
  return call(
    'save_pax_forecast_settings',
    {
      p_wedding_id: weddingId,
      p_expected_pct: settings.expectedPct,
      p_no_show_pct: settings.noShowPct,
      p_walk_ins: settings.walkIns,
    },
    paxForecast,
  )
}
