// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { seedSiteAnswer } from '@/lib/backend/local/seed-sites'

const demo = { slug: 'isabel-and-miguel', wedding: { title: 'Isabel & Miguel' } }
const sites = { 'isabel-and-miguel': demo }
const visitorWhileStarting = { signedIn: false, databaseReady: false }

describe('seedSiteAnswer', () => {
  it("answers a visitor's get_site for a seeded wedding while the database starts, with a copy", () => {
    const answer = seedSiteAnswer(
      sites,
      'get_site',
      { p_slug: 'isabel-and-miguel' },
      visitorWhileStarting,
    )
    expect(answer).toEqual(demo)
    expect(answer).not.toBe(demo)
    ;(answer as { wedding: { title: string } }).wedding.title = 'changed'
    expect(demo.wedding.title).toBe('Isabel & Miguel')
  })

  it('leaves everything else to the database', () => {
    const ask = (...args: Parameters<typeof seedSiteAnswer>) => seedSiteAnswer(...args)
    // Not a first visit (no snapshot loaded), or outside a build.
    expect(
      ask(null, 'get_site', { p_slug: 'isabel-and-miguel' }, visitorWhileStarting),
    ).toBeUndefined()
    // Once the database is ready, it may have changed: it answers.
    expect(
      ask(
        sites,
        'get_site',
        { p_slug: 'isabel-and-miguel' },
        { signedIn: false, databaseReady: true },
      ),
    ).toBeUndefined()
    // A signed-in couple may see more than a visitor (their unpublished site, isCouple).
    expect(
      ask(
        sites,
        'get_site',
        { p_slug: 'isabel-and-miguel' },
        { signedIn: true, databaseReady: false },
      ),
    ).toBeUndefined()
    // Another wedding, another call, no slug, or a name inherited from Object.prototype.
    expect(ask(sites, 'get_site', { p_slug: 'ana-and-ben' }, visitorWhileStarting)).toBeUndefined()
    expect(
      ask(sites, 'get_rsvp', { p_slug: 'isabel-and-miguel' }, visitorWhileStarting),
    ).toBeUndefined()
    expect(ask(sites, 'get_site', undefined, visitorWhileStarting)).toBeUndefined()
    expect(ask(sites, 'get_site', { p_slug: 'constructor' }, visitorWhileStarting)).toBeUndefined()
  })
})
