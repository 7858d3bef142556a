/**
 * One typed function per SQL function in schema `kasalan`, each result checked with zod.
 * Components reach data only through these, by way of stores or hooks.
 */
export * from './api/schemas'
export { ApiShapeError } from './api/call'
export * from './api/weddings'
export * from './api/guests'
export * from './api/site'
export * from './api/publishing'
export * from './api/rsvp'
export * from './api/seating'
export * from './api/content'
