/**
 * The site's first screen that index.html paints from the early response, before the app's code
 * (src/features/site/boot-hero.ts): it covers the app until the app's own page is ready beneath it.
 */
const bootHero = () => document.getElementById('boot-hero')

/** True while the HTML's first screen is up: the app's loading overlay need not show under it. */
export function bootHeroShown() {
  return bootHero() !== null
}

/** How long the first screen waits, at most, for the app's page to show the hero photo it shows. */
const photoWaitMs = 3000

/**
 * The app's page is on screen (or the site could not be shown): the HTML's copy goes — once the
 * page shows the uploaded hero photo the copy already shows, rather than its empty box.
 */
export function releaseBootHero() {
  const boot = bootHero()
  if (!boot) return
  const root = document.getElementById('root')
  const waiting = () => boot.querySelector('img.site-hero-photo') !== null && root?.querySelector('span.site-hero-photo') != null
  if (!root || !waiting()) return boot.remove()
  const observer = new MutationObserver(() => {
    if (!waiting()) done()
  })
  const timer = setTimeout(done, photoWaitMs)
  function done() {
    observer.disconnect()
    clearTimeout(timer)
    boot!.remove()
  }
  observer.observe(root, { childList: true, subtree: true })
}
