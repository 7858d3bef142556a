import { useEffect, useState, type RefObject } from 'react'

/** How long the loading overlay waits for the first images (spec: 5000 ms). */
export const imageWaitTimeoutMs = 5000

/**
 * True once every image the page loads at once (not the lazy ones below the fold) has loaded or
 * failed, or `timeoutMs` after the page appeared, whichever comes first. `pageKey` names the page
 * being waited for (null while there is none), so a new site waits again.
 */
export function useImagesSettled(
  root: RefObject<HTMLElement | null>,
  pageKey: string | null,
  timeoutMs = imageWaitTimeoutMs,
) {
  const [settledKey, setSettledKey] = useState<string | null>(null)

  useEffect(() => {
    if (pageKey === null) return
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const pending = Array.from(
      root.current?.querySelectorAll<HTMLImageElement>('img:not([loading="lazy"])') ?? [],
    )
      .filter((image) => !image.complete)
      .map(
        (image) =>
          new Promise<void>((resolve) => {
            image.addEventListener('load', () => resolve(), { once: true })
            image.addEventListener('error', () => resolve(), { once: true })
          }),
      )
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs)
    })
    void Promise.race([Promise.all(pending), timeout]).then(() => {
      if (!cancelled) setSettledKey(pageKey)
    })
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [root, pageKey, timeoutMs])

  return pageKey !== null && settledKey === pageKey
}
