import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { minifySync, transformSync } from 'rolldown/utils'
import type { Plugin } from 'vite'
import type { BootData } from '../src/features/site/boot-hero.ts'
import { fallbackStacks, themes } from '../src/lib/theme/theme.ts'

const require = createRequire(import.meta.url)
const source = new URL('../src/features/site/boot-hero.ts', import.meta.url)
const placeholder = '<!-- kasalan:boot-hero -->'

/** What the inlined script needs from the app, read from the same files the app reads. */
export function bootData(): BootData {
  const dayjsLocale = (name: string) => require(`dayjs/locale/${name}.js`) as { weekdays: string[]; months: string[] }
  const site = (language: string) =>
    JSON.parse(readFileSync(new URL(`../src/locales/${language}/site.json`, import.meta.url), 'utf8')) as {
      description: string
      home: { eyebrow: string; photoAlt: string; dateToFollow: string }
    }
  const strings = (language: string) => {
    const { description, home } = site(language)
    return { eyebrow: home.eyebrow, photoAlt: home.photoAlt, dateToFollow: home.dateToFollow, description }
  }
  const [fil, en] = [dayjsLocale('tl-ph'), dayjsLocale('en')]
  return {
    themes: Object.fromEntries(Object.values(themes).map(({ name, fonts, colors }) => [name, { fonts, colors }])),
    stacks: { ...fallbackStacks },
    strings: { fil: strings('fil'), en: strings('en') },
    weekdays: { fil: fil.weekdays, en: en.weekdays },
    months: { fil: fil.months, en: en.months },
  }
}

/** src/features/site/boot-hero.ts as one small classic script that starts itself. */
export function bootHeroScript() {
  const compiled = transformSync('boot-hero.ts', readFileSync(source, 'utf8'), { lang: 'ts' })
  if (compiled.errors.length) throw new Error(`boot-hero.ts: ${compiled.errors.map((error) => error.message).join('; ')}`)
  // `<` escaped so no string in the data can close the script element.
  const data = JSON.stringify(bootData()).replace(/</g, '\\u003c')
  const script = `;(function () {\n${compiled.code.replace(/^export /gm, '')}\nstartBootHero(${data})\n})()`
  const minified = minifySync('boot-hero.js', script, { compress: true, mangle: true })
  if (minified.errors.length) throw new Error(`boot-hero.ts: ${minified.errors.map((error) => error.message).join('; ')}`)
  return minified.code.trim()
}

/**
 * Puts the first-screen painter (src/features/site/boot-hero.ts) into index.html in place of
 * `<!-- kasalan:boot-hero -->`, right after the script that starts the early site request.
 */
export function bootHeroPlugin(): Plugin {
  return {
    name: 'kasalan:boot-hero',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(placeholder)) throw new Error(`index.html has no ${placeholder}`)
        return html.replace(placeholder, () => `<script>${bootHeroScript()}</script>`)
      },
    },
  }
}
