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

/** The page an entry shows: a change of hash alone is a jump within it. */
const pageOf = () => window.location.pathname + window.location.search

/**
 * As react-router's `<ScrollRestoration>`, over the browser's history: back and forward return
 * to where the page was, a new page starts at its top (or at its `#anchor`), and positions survive
 * a reload. Positions are kept under each entry's key (`siteLocation` keys every entry).
 */
export function ScrollRestoration() {
  const [pathname] = useLocation()
  const page = `${pathname}?${useSearch()}`
  const key = entryState(useHistoryState()).key
  const [positions] = useState(readPositions)
  // Whether the entry on screen was reached by back or forward.
  const popped = useRef(false)

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    // The first entry gets a key too, so its position can be found again.
    if (!entryState().key) window.history.replaceState({ usr: null, ...entryState(), key: newKey() }, '')
    let shown = { key: entryState().key!, page: pageOf() }
    // Saved as the address changes, before anything of the next page is drawn.
    const follow = (event: Event) => {
      const next = { key: entryState().key!, page: pageOf() }
      if (next.page !== shown.page) positions[shown.key] = window.scrollY
      popped.current = event.type === 'popstate'
      shown = next
    }
    const save = () => {
      positions[shown.key] = window.scrollY
      try {
        sessionStorage.setItem(positionsKey, JSON.stringify(positions))
      } catch {
        // Private mode without storage: back still works within the page's life.
      }
      window.history.scrollRestoration = 'auto'
    }
    const changes = ['pushState', 'replaceState', 'popstate']
    for (const type of changes) window.addEventListener(type, follow)
    window.addEventListener('pagehide', save)
    return () => {
      for (const type of changes) window.removeEventListener(type, follow)
      window.removeEventListener('pagehide', save)
      window.history.scrollRestoration = 'auto'
    }
  }, [positions])

  const shown = useRef<string | null>(null)
  useLayoutEffect(() => {
    const previous = shown.current
    shown.current = page
    const saved = key === undefined ? undefined : positions[key]
    // The first page: a reload returns to where it was.
    if (previous === null) return void (saved !== undefined && window.scrollTo(0, saved))
    // The same page (a key given, or the browser already moved for a jump within it).
    if (previous === page) return
    if (popped.current && saved !== undefined) return window.scrollTo(0, saved)
    const { hash } = window.location
    const anchor = hash && document.getElementById(decodeURIComponent(hash.slice(1)))
    if (anchor) anchor.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [key, page, positions])
  return null
}
