import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useHistoryState } from 'wouter/use-browser-location'
import { entryState, newKey } from './location'

const positionsKey = 'kasalan-scroll-positions'

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(positionsKey) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

/**
 * As react-router's `<ScrollRestoration>`, over the browser's history: back and forward return
 * to where the page was, a new page starts at its top (or at its `#anchor`), and positions survive
 * a reload. Positions are kept under each entry's key (`siteLocation` keys every entry).
 *
 * Back and forward are told apart from the app's own moves, not from `popstate`: Chromium runs a
 * window's listeners in the order they were added, and React may draw the next page in a microtask
 * between wouter's listener and ours. So the position of the page on screen is kept as it
 * scrolls, and each move of the app's own is noted as it is made.
 */
export function ScrollRestoration() {
  const [pathname] = useLocation()
  const page = `${pathname}?${useSearch()}`
  const key = entryState(useHistoryState()).key
  const [positions] = useState(readPositions)
  // The entry on screen, and the last one the app itself went to.
  const shown = useRef<{ key?: string; page: string } | null>(null)
  const moved = useRef<string | undefined>(undefined)

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    // The first entry gets a key too, so its position can be found again.
    if (!entryState().key)
      window.history.replaceState({ usr: null, ...entryState(), key: newKey() }, '')
    const keep = () => {
      if (shown.current?.key) positions[shown.current.key] = window.scrollY
    }
    // A move of the app's own (wouter's history calls announce themselves before anything is
    // drawn): the page it leaves keeps its position.
    const move = () => {
      keep()
      moved.current = entryState().key
    }
    const save = () => {
      keep()
      try {
        sessionStorage.setItem(positionsKey, JSON.stringify(positions))
      } catch {
        // Private mode without storage: back still works within the page's life.
      }
      window.history.scrollRestoration = 'auto'
    }
    // A reload returns to where the page was. The page is drawn in parts (the first screen, then
    // the rest), so the place is taken again as it grows, until it is there or the guest moves.
    const saved = positions[entryState().key!]
    let stop = () => {}
    if (saved !== undefined) {
      const inputs = ['wheel', 'touchstart', 'keydown', 'pushState', 'replaceState', 'popstate']
      const grown = new ResizeObserver(() => {
        window.scrollTo(0, saved)
        if (Math.abs(window.scrollY - saved) < 1) stop()
      })
      stop = () => {
        grown.disconnect()
        for (const type of inputs) window.removeEventListener(type, stop)
      }
      for (const type of inputs) window.addEventListener(type, stop)
      grown.observe(document.body)
    }
    window.addEventListener('scroll', keep, { passive: true })
    window.addEventListener('pushState', move)
    window.addEventListener('replaceState', move)
    window.addEventListener('pagehide', save)
    return () => {
      stop()
      window.removeEventListener('scroll', keep)
      window.removeEventListener('pushState', move)
      window.removeEventListener('replaceState', move)
      window.removeEventListener('pagehide', save)
      window.history.scrollRestoration = 'auto'
    }
  }, [positions])

  useLayoutEffect(() => {
    const previous = shown.current
    shown.current = { key, page }
    const saved = key === undefined ? undefined : positions[key]
    // The first page: see the reload above.
    if (!previous) return
    // The same page (a key given, or the browser already moved for a jump within it).
    if (previous.page === page) return
    const popped = key !== moved.current
    moved.current = undefined
    if (popped && saved !== undefined) return window.scrollTo(0, saved)
    const { hash } = window.location
    const anchor = hash && document.getElementById(decodeURIComponent(hash.slice(1)))
    if (anchor) anchor.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [key, page, positions])
  return null
}
