import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * Where a window-scrolled virtual list starts on the page (its `scrollMargin`). The content above it
 * (cards, toolbars, notices) changes height as filters and messages come and go, so it is measured
 * again whenever the page's size changes.
 */
export function useScrollMargin(ref: RefObject<HTMLElement | null>): number {
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const measure = () => {
      const top = (ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY
      setScrollMargin((current) => (Math.abs(current - top) > 0.5 ? top : current))
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [ref])
  return scrollMargin
}
