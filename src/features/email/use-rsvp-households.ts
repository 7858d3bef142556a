import { useCallback, useEffect, useState } from 'react'
import { listRsvps, type RsvpHousehold } from '@/lib/api'

type State = { status: 'loading' } | { status: 'ready'; households: RsvpHousehold[] } | { status: 'error'; error: unknown }

/** The wedding's households with their replies, for choosing whose e-mail to preview. */
export function useRsvpHouseholds(weddingId: string) {
  const [state, setState] = useState<State>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    listRsvps(weddingId).then(
      (households) => current && setState({ status: 'ready', households }),
      (error: unknown) => current && setState({ status: 'error', error }),
    )
    return () => {
      current = false
    }
  }, [weddingId, attempt])

  const retry = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((count) => count + 1)
  }, [])

  return { state, retry }
}
