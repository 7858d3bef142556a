/**
 * The RSVP pages wear the wedding site's theme (classic, elegant, modern) so a guest who comes from
 * the site stays in the same look. Only what these pages use: the colours, and the fonts of the
 * couple's names, the headings and the text. The couple's own valid hex colours win over the preset.
 */

export const rsvpFonts = [
  'Great Vibes',
  'Playfair Display',
  'Lato',
  'Cormorant Garamond',
  'Montserrat',
  'DM Serif Display',
  'DM Sans',
] as const
export type RsvpFont = (typeof rsvpFonts)[number]

const colorRoles = ['background', 'text', 'secondaryBackground', 'secondaryText', 'linkAndButtonText'] as const
type ColorRole = (typeof colorRoles)[number]
const fontRoles = ['names', 'headings', 'body'] as const
type FontRole = (typeof fontRoles)[number]

interface RsvpTheme {
  colors: Record<ColorRole, string>
  fonts: Record<FontRole, RsvpFont>
}

const presets: Record<'classic' | 'elegant' | 'modern', RsvpTheme> = {
  classic: {
    colors: { background: '#fbf8f2', text: '#27352b', secondaryBackground: '#eef0e6', secondaryText: '#4c5a4f', linkAndButtonText: '#7b4f25' },
    fonts: { names: 'Great Vibes', headings: 'Playfair Display', body: 'Lato' },
  },
  elegant: {
    colors: { background: '#fdf9f7', text: '#3a2c2e', secondaryBackground: '#f6ebe6', secondaryText: '#6b5558', linkAndButtonText: '#8e4a52' },
    fonts: { names: 'Cormorant Garamond', headings: 'Cormorant Garamond', body: 'Montserrat' },
  },
  modern: {
    colors: { background: '#f7f4ee', text: '#1d1d1b', secondaryBackground: '#ebe5da', secondaryText: '#4a4741', linkAndButtonText: '#a3401f' },
    fonts: { names: 'DM Serif Display', headings: 'DM Serif Display', body: 'DM Sans' },
  },
}

const fallbacks: Record<RsvpFont, string> = {
  'Great Vibes': 'cursive',
  'Playfair Display': 'Georgia, serif',
  Lato: 'system-ui, sans-serif',
  'Cormorant Garamond': 'Georgia, serif',
  Montserrat: 'system-ui, sans-serif',
  'DM Serif Display': 'Georgia, serif',
  'DM Sans': 'system-ui, sans-serif',
}

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
}

/** The wedding's theme for the RSVP pages: its preset with the couple's valid overrides. */
export function resolveRsvpTheme(theme: { name?: unknown; colors?: unknown; fonts?: unknown } | null | undefined): RsvpTheme {
  const name = theme?.name === 'elegant' || theme?.name === 'modern' ? theme.name : 'classic'
  const preset = presets[name]
  const colors = { ...preset.colors }
  const fonts = { ...preset.fonts }
  for (const role of colorRoles) {
    const value = record(theme?.colors)[role]
    if (typeof value === 'string' && hexColor.test(value)) colors[role] = value
  }
  for (const role of fontRoles) {
    const value = record(theme?.fonts)[role]
    if ((rsvpFonts as readonly unknown[]).includes(value)) fonts[role] = value as RsvpFont
  }
  return { colors, fonts }
}

/** The theme as the CSS variables of rsvp.css. */
export function rsvpThemeVariables(theme: RsvpTheme): Record<string, string> {
  const font = (role: FontRole) => `'${theme.fonts[role]}', ${fallbacks[theme.fonts[role]]}`
  return {
    '--rsvp-bg': theme.colors.background,
    '--rsvp-ink': theme.colors.text,
    '--rsvp-bg-alt': theme.colors.secondaryBackground,
    '--rsvp-ink-soft': theme.colors.secondaryText,
    '--rsvp-accent': theme.colors.linkAndButtonText,
    '--rsvp-font-names': font('names'),
    '--rsvp-font-heading': font('headings'),
    '--rsvp-font-body': font('body'),
  }
}

export function rsvpThemeFonts(theme: RsvpTheme): RsvpFont[] {
  return [...new Set(fontRoles.map((role) => theme.fonts[role]))]
}
