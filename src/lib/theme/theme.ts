/**
 * The wedding site's three themes (spec section 3: fonts and colours per theme), turned into CSS
 * variables. A couple's theme may override single colours or fonts; only valid hex colours and
 * the fonts the site ships are taken, so a theme can never inject CSS.
 */

export type ThemeName = 'classic' | 'elegant' | 'modern'
export type FontFamily =
  | 'Great Vibes'
  | 'Playfair Display'
  | 'Lato'
  | 'Cormorant Garamond'
  | 'Montserrat'
  | 'DM Serif Display'
  | 'DM Sans'
export type FontRole =
  | 'names'
  | 'headings'
  | 'body'
  | 'navigation'
  | 'subheading'
  | 'subtitles'
  | 'weddingDateHeading'
  | 'eventDateHeading'
  | 'welcomeTitle'
export type ColorRole =
  'background' | 'text' | 'secondaryBackground' | 'secondaryText' | 'linkAndButtonText'

export interface SiteTheme {
  name: ThemeName
  fonts: Record<FontRole, FontFamily>
  colors: Record<ColorRole, string>
}

export const themes: Readonly<Record<ThemeName, SiteTheme>> = {
  // Ivory and mountain pine, a script for the names: a garden wedding in the hills.
  classic: {
    name: 'classic',
    fonts: {
      names: 'Great Vibes',
      headings: 'Playfair Display',
      body: 'Lato',
      navigation: 'Lato',
      subheading: 'Playfair Display',
      subtitles: 'Lato',
      weddingDateHeading: 'Playfair Display',
      eventDateHeading: 'Playfair Display',
      welcomeTitle: 'Great Vibes',
    },
    colors: {
      background: '#fbf8f2',
      text: '#27352b',
      secondaryBackground: '#eef0e6',
      secondaryText: '#4c5a4f',
      linkAndButtonText: '#7b4f25',
    },
  },
  // Blush and champagne with a tall, refined serif.
  elegant: {
    name: 'elegant',
    fonts: {
      names: 'Cormorant Garamond',
      headings: 'Cormorant Garamond',
      body: 'Montserrat',
      navigation: 'Montserrat',
      subheading: 'Cormorant Garamond',
      subtitles: 'Montserrat',
      weddingDateHeading: 'Cormorant Garamond',
      eventDateHeading: 'Cormorant Garamond',
      welcomeTitle: 'Cormorant Garamond',
    },
    colors: {
      background: '#fdf9f7',
      text: '#3a2c2e',
      secondaryBackground: '#f6ebe6',
      secondaryText: '#6b5558',
      linkAndButtonText: '#8e4a52',
    },
  },
  // Warm white, ink and terracotta; a bold display serif over a clean sans.
  modern: {
    name: 'modern',
    fonts: {
      names: 'DM Serif Display',
      headings: 'DM Serif Display',
      body: 'DM Sans',
      navigation: 'DM Sans',
      subheading: 'DM Sans',
      subtitles: 'DM Sans',
      weddingDateHeading: 'DM Sans',
      eventDateHeading: 'DM Serif Display',
      welcomeTitle: 'DM Serif Display',
    },
    colors: {
      background: '#f7f4ee',
      text: '#1d1d1b',
      secondaryBackground: '#ebe5da',
      secondaryText: '#4a4741',
      linkAndButtonText: '#a3401f',
    },
  },
}

/** The stack each font falls back to while it loads (or if it cannot). */
export const fallbackStacks: Readonly<Record<FontFamily, string>> = {
  'Great Vibes': 'cursive',
  'Playfair Display': 'Georgia, serif',
  Lato: 'system-ui, sans-serif',
  'Cormorant Garamond': 'Georgia, serif',
  Montserrat: 'system-ui, sans-serif',
  'DM Serif Display': 'Georgia, serif',
  'DM Sans': 'system-ui, sans-serif',
}

// The lists, in the order above, read from the data rather than written out again: the HTML's
// first screen carries this module (scripts/boot-hero-plugin.ts), where every byte counts.
export const themeNames = Object.keys(themes) as ThemeName[]
export const fontFamilies = Object.keys(fallbackStacks) as FontFamily[]
export const fontRoles = Object.keys(themes.classic.fonts) as FontRole[]
export const colorRoles = Object.keys(themes.classic.colors) as ColorRole[]

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

function pick<K extends string, V>(
  overrides: unknown,
  keys: readonly K[],
  valid: (value: unknown) => value is V,
): Partial<Record<K, V>> {
  if (!overrides || typeof overrides !== 'object') return {}
  const source = overrides as Record<string, unknown>
  const picked: Partial<Record<K, V>> = {}
  for (const key of keys) if (valid(source[key])) picked[key] = source[key]
  return picked
}

const isHex = (value: unknown): value is string => typeof value === 'string' && hexColor.test(value)
const isFont = (value: unknown): value is FontFamily =>
  typeof value === 'string' && (fontFamilies as readonly string[]).includes(value)

/** The wedding's theme: its named preset with any valid colour or font overrides on top. */
export function resolveTheme(
  theme: { name?: unknown; fonts?: unknown; colors?: unknown } | null | undefined,
): SiteTheme {
  const name = (themeNames as readonly unknown[]).includes(theme?.name)
    ? (theme!.name as ThemeName)
    : 'classic'
  const preset = themes[name]
  return {
    name,
    fonts: { ...preset.fonts, ...pick(theme?.fonts, fontRoles, isFont) },
    colors: { ...preset.colors, ...pick(theme?.colors, colorRoles, isHex) },
  }
}

const kebab = (value: string) => value.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** The theme as CSS custom properties: `--site-font-<role>` and `--site-color-<role>`. */
export function themeVariables(theme: SiteTheme): Record<string, string> {
  const variables: Record<string, string> = {}
  for (const role of fontRoles) {
    const family = theme.fonts[role]
    variables[`--site-font-${kebab(role)}`] = `'${family}', ${fallbackStacks[family]}`
  }
  for (const role of colorRoles) variables[`--site-color-${kebab(role)}`] = theme.colors[role]
  return variables
}

/** Every font family the theme uses, once each: what the page has to load. */
export function themeFamilies(theme: SiteTheme): FontFamily[] {
  return [...new Set(fontRoles.map((role) => theme.fonts[role]))]
}
