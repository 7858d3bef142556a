/** The illustration above the couple's names when they have not added a photo. */
export function themeArt(theme: string) {
  const name = theme === 'elegant' || theme === 'modern' ? theme : 'classic'
  return `/images/site/hero-${name}.svg`
}
