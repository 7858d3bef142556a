import { useMemo } from 'react'
import { listRsvps, type RsvpHousehold } from '@/lib/api'
import { useLoad } from '@/lib/use-load'

type State =
  | { status: 'loading' }
  | { status: 'ready'; households: RsvpHousehold[] }
  | { status: 'error'; error: unknown }

/** The wedding's households with their replies, for choosing whose e-mail to preview. */
export function useRsvpHouseholds(weddingId: string) {
  const { data, error, reload } = useLoad(() => listRsvps(weddingId), [weddingId])
  const state = useMemo<State>(
    () =>
      error != null
        ? { status: 'error', error }
        : data
          ? { status: 'ready', households: data }
          : { status: 'loading' },
    [data, error],
  )
  return { state, retry: reload }
}
