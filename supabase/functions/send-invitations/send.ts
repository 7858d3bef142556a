/**
 * Sends the invitation or reminder e-mail to some of a couple's households through a transactional
 * provider (Resend's HTTP API), rendered by the same module as the e-mail preview. Plain
 * TypeScript with everything outside it injected (fetch, the provider's address and key, and `rpc`,
 * which calls the database as the signed-in couple), so Vitest runs it under Node and the Edge
 * Function (index.ts) only wires Deno's request to it.
 *
 * Order of work: the couple's wedding and households come from the database under the caller's
 * own rights (another couple's households are simply not there); households without an e-mail are
 * skipped with a reason; the daily cap is claimed for the rest in one call (all or nothing); each
 * e-mail is posted; only the ones the provider accepted are recorded, in one record_invitation call.
 */
import {
  renderInvitationEmail,
  venueFromSections,
} from '../../../src/features/email/model/invitation-email.ts'

export type EmailKind = 'invitation' | 'reminder'
export type EmailLanguage = 'fil' | 'en'

export interface SendRequest {
  weddingId: string
  householdIds: string[]
  kind: EmailKind
  language: EmailLanguage
  /** The site's address for the households' links, when the function has no KASALAN_SITE_URL. */
  origin?: string
}

export interface SendDeps {
  fetch: typeof fetch
  /** The provider's send endpoint, e.g. https://api.resend.com/emails. */
  providerUrl: string
  apiKey: string
  /** The sender, e.g. `Kasalan <imbitasyon@kasalan.ph>`. */
  from: string
  /** The site's address; wins over the request's origin. */
  siteUrl?: string | null
  /** Calls kasalan.<name> as the caller; rejects with an Error whose message is the SQL code. */
  rpc(name: string, args: Record<string, unknown>): Promise<unknown>
}

export type SkipReason = 'household_not_found' | 'no_email'

export interface SendResult {
  /** Households e-mailed and recorded as invited (or reminded) by e-mail. */
  sent: string[]
  /** Households the provider refused or could not be reached for: nothing recorded for them. */
  failed: Array<{ householdId: string; reason: string }>
  /** Households not tried. */
  skipped: Array<{ householdId: string; reason: SkipReason }>
}

/** A request the function refuses as a whole; `code` is stable (the app words it). */
export class SendError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code)
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const maxHouseholds = 300

/** The request body, checked; throws SendError('invalid_input') otherwise. */
export function parseSendRequest(body: unknown): SendRequest {
  const value = (body ?? {}) as Record<string, unknown>
  const { weddingId, householdIds, kind, language, origin } = value
  const ok =
    typeof weddingId === 'string' &&
    uuid.test(weddingId) &&
    Array.isArray(householdIds) &&
    householdIds.length > 0 &&
    householdIds.length <= maxHouseholds &&
    householdIds.every((id) => typeof id === 'string' && uuid.test(id)) &&
    (kind === 'invitation' || kind === 'reminder') &&
    (language === 'fil' || language === 'en') &&
    (origin === undefined ||
      origin === null ||
      (typeof origin === 'string' && /^https?:\/\/[^\s/]+$/i.test(origin)))
  if (!ok) throw new SendError('invalid_input', 400)
  return {
    weddingId: weddingId as string,
    householdIds: [...new Set(householdIds as string[])],
    kind: kind as EmailKind,
    language: language as EmailLanguage,
    ...(typeof origin === 'string' ? { origin } : {}),
  }
}

interface WeddingRow {
  id: string
  bride: { firstName: string; lastName?: string | null }
  groom: { firstName: string; lastName?: string | null }
  date: string | null
  rsvpDeadline: string | null
  sections?: Array<{ type: string; data?: unknown }>
}

interface HouseholdRow {
  householdId: string
  code: string
  token: string
  email: string | null
  persons: Array<{ firstName: string }>
}

interface InvitationsRow {
  templates: Record<string, Record<string, string>>
  households: HouseholdRow[]
}

/** A database error's code (the SQL `raise exception` text), or rethrows what is not one. */
async function rpcOrCode<T>(
  deps: SendDeps,
  name: string,
  args: Record<string, unknown>,
  status: Record<string, number>,
) {
  try {
    return (await deps.rpc(name, args)) as T
  } catch (error) {
    const code = error instanceof Error ? error.message : ''
    if (code in status) throw new SendError(code, status[code]!)
    throw error
  }
}

export async function sendInvitationEmails(
  request: SendRequest,
  deps: SendDeps,
): Promise<SendResult> {
  const origin = deps.siteUrl?.trim() || request.origin
  if (!origin) throw new SendError('invalid_input', 400)

  // get_my_wedding answers only for a wedding the caller belongs to, and list_invitations only to
  // the roles that invite (owner, partner, coordinator): a request for someone else's wedding, or
  // from a family helper, stops here.
  const wedding = await rpcOrCode<WeddingRow | null>(
    deps,
    'get_my_wedding',
    { p_wedding_id: request.weddingId },
    { wedding_not_found: 404 },
  )
  if (!wedding || wedding.id !== request.weddingId) throw new SendError('wedding_not_found', 404)
  const invitations = await rpcOrCode<InvitationsRow>(
    deps,
    'list_invitations',
    { p_wedding_id: wedding.id },
    { wedding_not_found: 404 },
  )
  const households = new Map(
    invitations.households.map((household) => [household.householdId, household]),
  )

  const skipped: SendResult['skipped'] = []
  const toSend: HouseholdRow[] = []
  for (const householdId of request.householdIds) {
    const household = households.get(householdId)
    if (!household) skipped.push({ householdId, reason: 'household_not_found' })
    else if (!household.email) skipped.push({ householdId, reason: 'no_email' })
    else toSend.push(household)
  }
  if (toSend.length === 0) return { sent: [], failed: [], skipped }

  await rpcOrCode(
    deps,
    'claim_email_sends',
    { p_wedding_id: wedding.id, p_count: toSend.length },
    {
      email_daily_limit: 429,
      wedding_not_found: 404,
      invalid_input: 400,
    },
  )

  const venue = venueFromSections(wedding.sections ?? [])
  const sent: string[] = []
  const failed: SendResult['failed'] = []
  // One at a time: a couple's batch is at most a few hundred, and providers limit requests a second.
  for (const household of toSend) {
    const email = renderInvitationEmail({
      kind: request.kind,
      language: request.language,
      wedding: { ...wedding, venue },
      templates: invitations.templates,
      household,
      origin,
    })
    try {
      const response = await deps.fetch(deps.providerUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${deps.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          from: deps.from,
          to: [household.email],
          subject: email.subject,
          html: email.html,
          text: email.text,
        }),
      })
      if (response.ok) sent.push(household.householdId)
      else
        failed.push({ householdId: household.householdId, reason: `provider_${response.status}` })
      await response.body?.cancel()
    } catch {
      failed.push({ householdId: household.householdId, reason: 'provider_unreachable' })
    }
  }

  if (sent.length > 0) {
    await deps.rpc('record_invitation', {
      p_wedding_id: wedding.id,
      p_household_ids: sent,
      p_channel: 'email',
      p_kind: request.kind,
    })
  }
  return { sent, failed, skipped }
}
