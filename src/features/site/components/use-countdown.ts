import { useEffect, useState } from 'react'
import { countdownIntervalMs, countdownParts } from '../model/countdown'

/** The time left until `target`, refreshed every second while there is time left. */
export function useCountdown(target: number | null) {
  const [now, setNow] = useState(() => Date.now())
  const parts = countdownParts(target, now)
  const running = parts.remainingMs > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), countdownIntervalMs)
    return () => clearInterval(timer)
  }, [running])
  return parts
}
