import { describe, expect, test } from 'vitest'
import { resolveTheme, themeFamilies, themes, themeVariables } from '@/features/site/model/theme'

describe('resolveTheme', () => {
  test('each of the three themes has its own fonts and colours', () => {
    expect(resolveTheme({ name: 'classic' }).fonts.names).toBe('Great Vibes')
    expect(resolveTheme({ name: 'elegant' }).fonts.headings).toBe('Cormorant Garamond')
    expect(resolveTheme({ name: 'modern' }).fonts.body).toBe('DM Sans')
    expect(new Set(Object.values(themes).map((theme) => theme.colors.background)).size).toBe(3)
  })

  test('an unknown or missing theme is classic', () => {
    expect(resolveTheme({ name: 'neon' }).name).toBe('classic')
    expect(resolveTheme(null).name).toBe('classic')
  })

  test('valid colour and font overrides apply; anything else is ignored', () => {
    const theme = resolveTheme({
      name: 'modern',
      colors: { background: '#ffffff', text: 'red; background: url(javascript:alert(1))', linkAndButtonText: '#123' },
      fonts: { names: 'Great Vibes', body: 'Comic Sans MS', headings: "x'; }" },
    })
    expect(theme.colors).toEqual({ ...themes.modern.colors, background: '#ffffff', linkAndButtonText: '#123' })
    expect(theme.fonts).toEqual({ ...themes.modern.fonts, names: 'Great Vibes' })
  })
})

describe('themeVariables', () => {
  test('every spec font and colour field becomes a CSS variable', () => {
    const variables = themeVariables(themes.classic)
    expect(variables['--site-font-names']).toBe("'Great Vibes', cursive")
    expect(variables['--site-font-wedding-date-heading']).toBe("'Playfair Display', Georgia, serif")
    expect(variables['--site-color-link-and-button-text']).toBe('#7b4f25')
    expect(Object.keys(variables)).toHaveLength(9 + 5)
  })

  test('only the families a theme uses are loaded', () => {
    expect(themeFamilies(themes.classic).sort()).toEqual(['Great Vibes', 'Lato', 'Playfair Display'])
    expect(themeFamilies(themes.modern).sort()).toEqual(['DM Sans', 'DM Serif Display'])
  })
})
