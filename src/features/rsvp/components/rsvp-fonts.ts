import type { RsvpFont } from '../model/rsvp-theme'

/** The theme's fonts, latin subset, each its own small CSS chunk (already cached when the guest came from the site). */
const loaders: Record<RsvpFont, () => Promise<unknown>> = {
  'Great Vibes': () => import('@fontsource/great-vibes/latin-400.css'),
  'Playfair Display': () => import('@fontsource/playfair-display/latin-400.css'),
  Lato: () => Promise.all([import('@fontsource/lato/latin-400.css'), import('@fontsource/lato/latin-700.css')]),
  'Cormorant Garamond': () => import('@fontsource/cormorant-garamond/latin-500.css'),
  Montserrat: () =>
    Promise.all([import('@fontsource/montserrat/latin-400.css'), import('@fontsource/montserrat/latin-700.css')]),
  'DM Serif Display': () => import('@fontsource/dm-serif-display/latin-400.css'),
  'DM Sans': () => Promise.all([import('@fontsource/dm-sans/latin-400.css'), import('@fontsource/dm-sans/latin-700.css')]),
}

const loaded = new Map<RsvpFont, Promise<unknown>>()

export function loadRsvpFonts(fonts: readonly RsvpFont[]) {
  for (const font of fonts) {
    if (!loaded.has(font)) loaded.set(font, loaders[font]().catch(() => loaded.delete(font)))
  }
}
