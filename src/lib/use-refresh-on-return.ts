import { useEffect } from 'react'

/**
 * Reads again when the couple comes back to the page (another tab, the phone unlocked): replies
 * arrive while they are away, and the forecast is only as good as the last reading.
 */
export function useRefreshOnReturn(refresh: () => void) {
  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    window.addEventListener('focus', onReturn)
    document.addEventListener('visibilitychange', onReturn)
    return () => {
      window.removeEventListener('focus', onReturn)
      document.removeEventListener('visibilitychange', onReturn)
    }
  }, [refresh])
}
