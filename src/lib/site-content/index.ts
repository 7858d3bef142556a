/**
 * A wedding site's content, shared by the public site (lenient reading), the content editor
 * (strict schemas) and, mirrored, the database (migration 0008).
 */
export * from './section-types'
export * from './shapes'
export * from './images'
export * from './read'
export * from './section-header'
export * from './video-embed'
