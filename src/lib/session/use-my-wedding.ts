import { useEffect } from 'react'
import { useSessionStore } from './session-store'

/** The signed-in couple's wedding for a management screen, loaded (or created) on first use. */
export function useMyWedding() {
  const user = useSessionStore((state) => state.user)
  const wedding = useSessionStore((state) => state.wedding)
  const status = useSessionStore((state) => state.weddingStatus)
  const error = useSessionStore((state) => state.weddingError)
  const loadWedding = useSessionStore((state) => state.loadWedding)

  useEffect(() => {
    if (user && status === 'idle') void loadWedding()
  }, [user, status, loadWedding])

  return { wedding, status, error, reload: loadWedding }
}
