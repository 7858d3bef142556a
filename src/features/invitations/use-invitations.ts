import { useCallback, useMemo } from 'react'
import {
  listInvitations,
  recordInvitation,
  renewInvitationCode,
  saveInvitationTemplates,
  sendInvitationEmails,
  type InvitationChannel,
  type InvitationHousehold,
  type InvitationKind,
  type InvitationTemplates,
} from '@/lib/api/invitations'
import { useLoad } from '@/lib/use-load'

type State =
  | { status: 'loading' }
  | { status: 'ready'; households: InvitationHousehold[]; templates: InvitationTemplates }
  | { status: 'error'; error: unknown }

/**
 * The wedding's invitations, and the couple's actions on them. Each action replaces the households
 * it changed with what the database returned, so the list shows the recorded state, not a guess.
 */
export function useInvitations(weddingId: string) {
  const { data, error, reload, setData } = useLoad(() => listInvitations(weddingId), [weddingId])
  const state = useMemo<State>(
    () =>
      error != null
        ? { status: 'error', error }
        : data
          ? { status: 'ready', ...data }
          : { status: 'loading' },
    [data, error],
  )

  const replace = useCallback(
    (changed: InvitationHousehold[]) => {
      const byId = new Map(changed.map((household) => [household.householdId, household]))
      setData(
        (previous) =>
          previous && {
            ...previous,
            households: previous.households.map(
              (household) => byId.get(household.householdId) ?? household,
            ),
          },
      )
    },
    [setData],
  )

  const record = useCallback(
    async (householdIds: string[], channel: InvitationChannel, kind: InvitationKind) => {
      replace(await recordInvitation(weddingId, householdIds, channel, kind))
    },
    [weddingId, replace],
  )

  // The function records the sends itself: read the households back to show them.
  const sendEmails = useCallback(
    async (householdIds: string[], kind: InvitationKind, language: 'fil' | 'en') => {
      const result = await sendInvitationEmails(weddingId, householdIds, kind, language)
      if (result.sent.length > 0) {
        const sent = new Set(result.sent)
        replace(
          (await listInvitations(weddingId)).households.filter((household) =>
            sent.has(household.householdId),
          ),
        )
      }
      return result
    },
    [weddingId, replace],
  )

  const renew = useCallback(
    async (householdId: string) => {
      replace([await renewInvitationCode(weddingId, householdId)])
    },
    [weddingId, replace],
  )

  const saveTemplates = useCallback(
    async (templates: InvitationTemplates) => {
      const saved = await saveInvitationTemplates(weddingId, templates)
      setData((previous) => previous && { ...previous, templates: saved })
    },
    [weddingId, setData],
  )

  return { state, reload, record, sendEmails, renew, saveTemplates }
}
