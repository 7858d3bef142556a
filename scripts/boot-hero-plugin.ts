import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'
import type { Plugin } from 'vite'
import type { BootData } from '../src/features/site/boot-hero.ts'
import { mediaBucket } from '../src/lib/media/types.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const source = join(root, 'src/features/site/boot-hero.ts')
const placeholder = '<!-- kasalan:boot-hero -->'
const fontsToken = '__KASALAN_BOOT_FONTS__'
const appToken = '__KASALAN_APP_SCRIPTS__'

/** The face each family's names are set in: the file src/lib/theme/fonts.ts loads for it. */
const namesFaces: Record<string, string> = {
  'Great Vibes': 'great-vibes-latin-400-normal',
  'Playfair Display': 'playfair-display-latin-400-normal',
  Lato: 'lato-latin-400-normal',
  'Cormorant Garamond': 'cormorant-garamond-latin-500-normal',
  Montserrat: 'montserrat-latin-400-normal',
  'DM Serif Display': 'dm-serif-display-latin-400-normal',
  'DM Sans': 'dm-sans-latin-400-normal',
}

/** What the inlined script needs from the app, read from the same files the app reads. */
export function bootData(): BootData {
  const site = (language: string) =>
    JSON.parse(readFileSync(join(root, `src/locales/${language}/site.json`), 'utf8')) as {
      description: string
      home: { eyebrow: string; photoAlt: string; dateToFollow: string }
      countdown: Record<string, string>
    }
  const strings = (language: string) => {
    const { description, home, countdown } = site(language)
    return {
      eyebrow: home.eyebrow,
      photoAlt: home.photoAlt,
      dateToFollow: home.dateToFollow,
      description,
      countdown,
    }
  }
  return {
    strings: { fil: strings('fil'), en: strings('en') },
    mediaBucket,
  }
}

const entryId = '\0kasalan-boot-hero-entry'

/**
 * src/features/site/boot-hero.ts as one small classic script that starts itself, bundled with what
 * it imports from the app (the name rule of src/lib/names.ts, the long date of
 * src/lib/manila-time.ts), so the first screen and the app follow one rule. Only what it uses is kept.
 */
export async function bootHeroScript(): Promise<string> {
  // `<` escaped so no string in the data can close the script element.
  const data = JSON.stringify(bootData()).replace(/</g, '\\u003c')
  const bundle = await rolldown({
    input: entryId,
    platform: 'browser',
    logLevel: 'warn',
    // Resolved as the app resolves its modules.
    resolve: { alias: { '@': join(root, 'src') } },
    plugins: [
      {
        name: 'kasalan:boot-hero-entry',
        resolveId: (id) => (id === entryId ? id : null),
        load: (id) =>
          id === entryId
            ? `import { startBootHero } from ${JSON.stringify(source)}\nstartBootHero(${data}, '${fontsToken}')\n`
            : null,
      },
    ],
  })
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true })
    if (output.length !== 1)
      throw new Error(`boot-hero.ts: bundled into ${output.length} files, not one`)
    return output[0].code.trim()
  } finally {
    await bundle.close()
  }
}

/**
 * Puts the first-screen painter (src/features/site/boot-hero.ts) into index.html in place of
 * `<!-- kasalan:boot-hero -->`, right after the script that starts the early site request; in a
 * build, with the built addresses of the names' font files.
 */
export function bootHeroPlugin(): Plugin[] {
  return [
    {
      name: 'kasalan:boot-hero',
      transformIndexHtml: {
        order: 'pre',
        async handler(html) {
          if (!html.includes(placeholder)) throw new Error(`index.html has no ${placeholder}`)
          const script = await bootHeroScript()
          return html.replace(placeholder, () => `<script>${script}</script>`)
        },
      },
    },
    {
      name: 'kasalan:boot-hero-fonts',
      transformIndexHtml: {
        order: 'post',
        handler(html, context) {
          const files = Object.keys(context.bundle ?? {})
          const fonts = Object.fromEntries(
            Object.entries(namesFaces).flatMap(([family, face]) => {
              const file = files.find(
                (name) => name.startsWith(`assets/${face}-`) && name.endsWith('.woff2'),
              )
              return file ? [[family, `/${file}`]] : []
            }),
          )
          // Development serves the fonts from their packages: the first screen keeps its fallback there.
          return html.replace(new RegExp(`(["'\`])${fontsToken}\\1`), () => JSON.stringify(fonts))
        },
      },
    },
    {
      name: 'kasalan:deferred-app-scripts',
      transformIndexHtml: {
        order: 'post',
        handler(html, context) {
          const token = new RegExp(`(["'\`])${appToken}\\1`)
          if (!token.test(html)) throw new Error(`index.html has no '${appToken}'`)
          // Development keeps the page's own module script (and Vite's client).
          if (!context.bundle) return html.replace(token, 'null')
          return deferAppScripts(html, token)
        },
      },
    },
  ]
}

/**
 * Takes the app's entry script and module preloads out of the built page and hands their addresses
 * to index.html's `__kasalanStartApp`, which adds them when the first screen lets it.
 */
export function deferAppScripts(html: string, token: RegExp) {
  const entries = [
    ...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g),
  ]
  if (entries.length !== 1)
    throw new Error(`the built index.html has ${entries.length} module scripts, not one`)
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]
  let page = html
  for (const [tag] of [...entries, ...preloads]) page = page.replace(tag, '')
  const scripts = { entry: entries[0]![1]!, preload: preloads.map((match) => match[1]!) }
  return page.replace(token, () => JSON.stringify(scripts))
}
