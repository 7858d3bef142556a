import type { FontFamily } from './theme'

/**
 * Loads only the fonts the wedding's theme uses, latin subset and the weights the site uses,
 * each its own small CSS chunk. Fontsource declares `font-display: swap`, so text shows at once in
 * a fallback font and never waits for these.
 */
const loaders: Record<FontFamily, () => Promise<unknown>> = {
  'Great Vibes': () => import('@fontsource/great-vibes/latin-400.css'),
  'Playfair Display': () =>
    Promise.all([
      import('@fontsource/playfair-display/latin-400.css'),
      import('@fontsource/playfair-display/latin-400-italic.css'),
    ]),
  Lato: () =>
    Promise.all([
      import('@fontsource/lato/latin-400.css'),
      import('@fontsource/lato/latin-700.css'),
    ]),
  'Cormorant Garamond': () =>
    Promise.all([
      import('@fontsource/cormorant-garamond/latin-500.css'),
      import('@fontsource/cormorant-garamond/latin-400-italic.css'),
      import('@fontsource/cormorant-garamond/latin-500-italic.css'),
    ]),
  Montserrat: () =>
    Promise.all([
      import('@fontsource/montserrat/latin-400.css'),
      import('@fontsource/montserrat/latin-500.css'),
      import('@fontsource/montserrat/latin-700.css'),
    ]),
  'DM Serif Display': () => import('@fontsource/dm-serif-display/latin-400.css'),
  'DM Sans': () =>
    Promise.all([
      import('@fontsource/dm-sans/latin-400.css'),
      import('@fontsource/dm-sans/latin-500.css'),
      import('@fontsource/dm-sans/latin-700.css'),
    ]),
}

const loaded = new Map<FontFamily, Promise<unknown>>()

export function loadFonts(families: readonly FontFamily[]) {
  return Promise.all(
    families.map((family) => {
      if (!loaded.has(family))
        loaded.set(
          family,
          loaders[family]().catch(() => loaded.delete(family)),
        )
      return loaded.get(family)
    }),
  )
}
