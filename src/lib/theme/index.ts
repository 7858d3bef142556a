/**
 * The one theme module: the wedding site, its RSVP pages and the website builder all read a
 * wedding's theme (classic, elegant, modern, with the couple's own fonts and colours) from here.
 */
export * from './theme'
export * from './contrast'
export { loadFonts } from './fonts'
