import type { ComponentProps, MouseEvent } from 'react'
import { useRouter } from 'wouter'
import { createHref, useNavigate, type AppLocationHook } from './location'

/** Whether the browser should follow a click itself: another tab or window, a download, a modifier key. */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>, target?: string) {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    (target !== undefined && target !== '' && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.currentTarget.hasAttribute('download')
  )
}

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: string
  replace?: boolean
  state?: unknown
  /** Always a full page load. */
  reloadDocument?: boolean
}

/**
 * A real link (`<a href>`): a plain left click on an address this app draws moves without a page
 * load; everything else (a new tab, another site, the other app, a jump within the page) is the
 * browser's. wouter's own `Link` would move within the app for all of these.
 */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const { hook } = useRouter()
  const navigate = useNavigate()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (reloadDocument || leftToBrowser(event, target)) return
    const here = window.location
    const url = new URL(to, here.href)
    const owns = (hook as Partial<AppLocationHook>).owns
    if (url.origin !== here.origin || !owns?.(url.pathname)) return
    // A jump within the page (`#rsvp`) is the browser's too.
    if (url.hash && url.pathname === here.pathname && url.search === here.search) return
    event.preventDefault()
    navigate(createHref(url), { replace, state })
  }
  return <a href={to} target={target} onClick={handleClick} {...rest} />
}
