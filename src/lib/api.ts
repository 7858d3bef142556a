/**
 * One typed function per SQL function in schema `kasalan`, each result checked with zod.
 * Components reach data only through these, by way of stores or hooks. (`./api/data`, used by
 * one management screen, is imported on its own: its schemas would otherwise reach every chunk.
 * The public site's stores import the modules they call, not this file: every schema here is a
 * call the bundler keeps, and through this file management's would reach the guest's first load.)
 */
export * from './api/schemas'
export { ApiShapeError } from './api/call'
export * from './api/weddings'
export * from './api/guests'
export * from './api/site'
export * from './api/publishing'
export * from './api/name-search'
export * from './api/rsvp'
export * from './api/seating'
export * from './api/website'
export * from './api/content'
