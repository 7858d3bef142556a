/**
 * The site's first screen that index.html paints from the early response, before the app's code
 * (src/features/site/boot-hero.ts): it covers the app until the app's own page is ready beneath it.
 */

/** True while the HTML's first screen is up: the app's loading overlay need not show under it. */
export const bootHeroShown = () => document.getElementById('boot-hero') !== null

/** The app's page is on screen (or the site could not be shown): the HTML's copy may go. */
export const releaseBootHero = () =>
  (window as { __kasalanReleaseBootHero?: () => void }).__kasalanReleaseBootHero?.()
