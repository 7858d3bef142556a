// @vitest-environment node
import { describe, expect, test } from 'vitest'
import {
  contrastRatio,
  passesAA,
  resolveTheme,
  themeFamilies,
  themes,
  themeVariables,
} from '@/lib/theme'

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
      colors: {
        background: '#ffffff',
        text: 'red; background: url(javascript:alert(1))',
        linkAndButtonText: '#123',
      },
      fonts: { names: 'Great Vibes', body: 'Comic Sans MS', headings: "x'; }" },
    })
    expect(theme.colors).toEqual({
      ...themes.modern.colors,
      background: '#ffffff',
      linkAndButtonText: '#123',
    })
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
    expect(themeFamilies(themes.classic).sort()).toEqual([
      'Great Vibes',
      'Lato',
      'Playfair Display',
    ])
    expect(themeFamilies(themes.modern).sort()).toEqual(['DM Sans', 'DM Serif Display'])
  })
})

describe('contrast', () => {
  test('black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#7b4f25', '#7b4f25')).toBeCloseTo(1, 5)
  })

  test('WCAG AA for text: 4.5:1', () => {
    // #767676 on white is the classic threshold: 4.54:1 passes, #777777 (4.48:1) does not.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
    expect(passesAA('#767676', '#ffffff')).toBe(true)
    expect(passesAA('#777777', '#ffffff')).toBe(false)
    expect(passesAA('#f5e6c8', '#fbf8f2')).toBe(false)
  })

  test('every preset theme passes for its text, secondary text and link colours', () => {
    for (const theme of Object.values(themes)) {
      expect(passesAA(theme.colors.text, theme.colors.background), theme.name).toBe(true)
      expect(
        passesAA(theme.colors.secondaryText, theme.colors.secondaryBackground),
        theme.name,
      ).toBe(true)
      expect(passesAA(theme.colors.linkAndButtonText, theme.colors.background), theme.name).toBe(
        true,
      )
    }
  })

  test('something that is not a colour has no ratio and never passes', () => {
    expect(contrastRatio('red', '#ffffff')).toBeNull()
    expect(passesAA('#ffffff', 'url(x)')).toBe(false)
  })
})
