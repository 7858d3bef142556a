// The installable management app: its manifest and its service worker (vite.config.ts says what the
// worker keeps). Only management starts it: the guests' pages share index.html but never link the
// manifest nor register the worker, and work the same with or without one.
import { Workbox } from 'workbox-window'

/** Looks for a new deploy this often while management is open (and when the page is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000

let started = false
let workbox: Workbox | null = null
let waiting = false
let reloadWhenControlled = false
/** The new version already controls this page (another tab said "Reload"): a reload is enough. */
let newVersionControls = false
const listeners = new Set<() => void>()

function setWaiting(value: boolean) {
  waiting = value
  for (const listener of listeners) listener()
}

/** Adds `<link rel=…>` once to the document's head. */
function addLink(rel: string, href: string) {
  if (document.head.querySelector(`link[rel="${rel}"]`)) return
  const link = document.createElement('link')
  link.rel = rel
  link.href = href
  document.head.appendChild(link)
}

/**
 * Makes management installable (the manifest, the Home Screen icon on iOS) and, in a build,
 * registers the service worker. Safe to call more than once; a browser or an in-app browser without
 * service workers simply goes on without one.
 */
export async function startInstalledApp() {
  if (started) return
  started = true
  addLink('manifest', '/manifest.webmanifest')
  addLink('apple-touch-icon', '/icons/apple-touch-icon.png')
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  workbox = new Workbox('/sw.js', { scope: '/' })
  // A new deploy is installed and waits: the couple is asked (AppUpdateNotice).
  workbox.addEventListener('waiting', () => setWaiting(true))
  // Whether an earlier version controlled this page: workbox-window's own `isUpdate` says so only for
  // a page that was controlled when it registered, not for a first visit that checks again later.
  let controlled = navigator.serviceWorker.controller !== null
  workbox.addEventListener('controlling', () => {
    const replaced = controlled
    controlled = true
    if (reloadWhenControlled) return window.location.reload()
    // The first install took the page: nothing to say.
    if (!replaced) return
    // Another tab took the new version: this one keeps its page (and whatever is typed in it) and
    // is asked too, since its old screens' files are no longer kept.
    newVersionControls = true
    setWaiting(true)
  })
  try {
    const registration = await workbox.register()
    if (!registration) return
    const check = () => void registration.update().catch(() => undefined)
    window.setInterval(check, UPDATE_CHECK_MS)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && navigator.onLine) check()
    })
  } catch (error) {
    // Blocked (a private window, an in-app browser, a policy): management works online as before.
    console.warn('The service worker was not registered', error)
  }
}

/** Whether a new version of Kasalan is installed and waits for a reload. */
export function updateWaiting() {
  return waiting
}

export function subscribeUpdate(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Switches to the waiting version and reloads this tab (other tabs are asked in turn). */
export function applyUpdate() {
  if (!workbox) return
  if (newVersionControls) return window.location.reload()
  reloadWhenControlled = true
  workbox.messageSkipWaiting()
}

/**
 * Whether the page runs as the installed app (from the Home Screen or the app list) rather than in
 * a browser tab: `display-mode: standalone`, or iOS's own flag.
 */
export function runsInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true
}
