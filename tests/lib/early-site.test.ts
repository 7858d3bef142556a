import { afterEach, describe, expect, it } from 'vitest'
import { takeEarlySite } from '@/lib/backend/supabase/early-site'

describe('takeEarlySite (the site request index.html started)', () => {
  afterEach(() => {
    delete window.__kasalanEarlySite
  })

  it('hands the response over once, for get_site with the slug the page asked for', async () => {
    const response = Promise.resolve(new Response('{"slug":"ana-and-ben"}'))
    window.__kasalanEarlySite = { slug: 'ana-and-ben', response }

    expect(takeEarlySite('search_persons', { p_slug: 'ana-and-ben' })).toBeUndefined()
    expect(takeEarlySite('get_site', { p_slug: 'someone-else' })).toBeUndefined()
    expect(takeEarlySite('get_site', { p_slug: 'ana-and-ben' })).toBe(response)
    // A retry, or a second look, goes to the network.
    expect(takeEarlySite('get_site', { p_slug: 'ana-and-ben' })).toBeUndefined()
  })

  it('has nothing to give when the page started no request (embedded mode, a signed-in couple)', () => {
    expect(takeEarlySite('get_site', { p_slug: 'ana-and-ben' })).toBeUndefined()
  })
})
