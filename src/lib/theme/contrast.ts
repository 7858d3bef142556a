/**
 * Colour contrast as WCAG 2 defines it: the ratio of two colours' relative luminance, from 1:1
 * to 21:1. Body text needs 4.5:1 against its background to pass level AA.
 */

export const AA_TEXT_CONTRAST = 4.5

function channels(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!match) return null
  const digits =
    match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ]
}

/** The relative luminance of a hex colour (0 for black, 1 for white); null when it is no hex colour. */
export function relativeLuminance(hex: string): number | null {
  const rgb = channels(hex)
  if (!rgb) return null
  const [r, g, b] = rgb.map((value) =>
    value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** How far apart two colours are, from 1 (the same) to 21 (black on white); null if either is no hex colour. */
export function contrastRatio(foreground: string, background: string): number | null {
  const a = relativeLuminance(foreground)
  const b = relativeLuminance(background)
  if (a === null || b === null) return null
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}

/** True when text in `foreground` on `background` is readable enough for WCAG AA (4.5:1). */
export function passesAA(foreground: string, background: string): boolean {
  const ratio = contrastRatio(foreground, background)
  return ratio !== null && ratio >= AA_TEXT_CONTRAST
}
