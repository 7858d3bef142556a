import { ChevronLeft, ChevronRight } from 'lucide-react'
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
} from 'react'

/** What counts as the row's current item: a link to this page, or the chosen tab. */
const currentItem = '[aria-current="page"], [role="tab"][aria-selected="true"]'
/** The hints' width: the current item is brought in clear of them. */
const HINT_PX = 40

interface ScrollRowProps extends HTMLAttributes<HTMLDivElement> {
  children: ReactNode
  /** Changes when the current item changes (the address, the chosen tab): it is brought into view. */
  current?: unknown
  /** The hints fade from the colour behind the row: white (the header) or the page's canvas. */
  fade?: 'white' | 'canvas'
  /** Classes of the box around the row (its margins); the rest go to the scrolling box itself. */
  outerClassName?: string
}

/**
 * A row of tabs or cards that scrolls sideways where the screen is too narrow for it (a phone),
 * and shows that it does: a fading edge with an arrow on each side that has more, which scrolls on
 * a tap. The current item is kept in view, clear of the hints, whenever it changes. Wider screens,
 * where the row fits, show no hint. The scrolling box is marked `data-scrolls-sideways` (the
 * browser tests' overflow check leaves it to itself).
 */
export function ScrollRow({
  children,
  current,
  fade = 'canvas',
  outerClassName = '',
  className = '',
  ...rest
}: ScrollRowProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const [more, setMore] = useState({ before: false, after: false })

  const measure = useCallback(() => {
    const element = scroller.current
    if (!element) return
    const before = element.scrollLeft > 1
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1
    setMore((was) => (was.before === before && was.after === after ? was : { before, after }))
  }, [])

  useEffect(() => {
    const element = scroller.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    for (const child of element.children) observer.observe(child)
    return () => observer.disconnect()
  }, [measure])

  // Before paint, so the row never shows the current item cut off first.
  useLayoutEffect(() => {
    const element = scroller.current
    const item = element?.querySelector(currentItem)
    if (!element || !item) return measure()
    const row = element.getBoundingClientRect()
    const box = item.getBoundingClientRect()
    if (box.left < row.left + HINT_PX) element.scrollLeft -= row.left + HINT_PX - box.left
    else if (box.right > row.right - HINT_PX)
      element.scrollLeft += box.right - (row.right - HINT_PX)
    measure()
  }, [current, measure])

  const scrollBy = (direction: 1 | -1) => {
    const element = scroller.current
    if (!element) return
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    element.scrollBy({
      left: direction * element.clientWidth * 0.7,
      behavior: reduced ? 'auto' : 'smooth',
    })
  }

  const hint = (side: 'before' | 'after') => (
    // A pointer's shortcut only: the items themselves are reached by Tab, and scroll into view then.
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      onClick={() => scrollBy(side === 'before' ? -1 : 1)}
      className={`absolute inset-y-0 flex items-center text-muted ${side === 'before' ? 'left-0 justify-start' : 'right-0 justify-end'}`}
      // Its size and fade as styles of its own: management's alone, they stay out of the stylesheet
      // the guests' site loads first, which must arrive in the first round trip.
      style={{
        width: HINT_PX,
        padding: '0 0.25rem',
        background: `linear-gradient(to ${side === 'before' ? 'right' : 'left'}, ${fade === 'white' ? '#fff' : 'var(--color-canvas)'}, transparent)`,
      }}
      data-scroll-hint={side}
    >
      {side === 'before' ? <ChevronLeft className="size-5" /> : <ChevronRight className="size-5" />}
    </button>
  )

  return (
    <div className={`relative ${outerClassName}`}>
      <div
        ref={scroller}
        data-scrolls-sideways=""
        onScroll={measure}
        className={`overflow-x-auto [scrollbar-width:none] ${className}`}
        {...rest}
      >
        {children}
      </div>
      {more.before && hint('before')}
      {more.after && hint('after')}
    </div>
  )
}
