// get_site's answer names the one reading it `isOwner` (kasalan_private.can_manage: the owner or
// the partner); the app calls them the couple. getSite is where the one word becomes the other.
import { beforeEach, describe, expect, test, vi } from 'vitest'
import demo from '../../supabase/seed-data/demo-wedding.json'

const answer = vi.hoisted(() => ({ current: null as unknown }))
vi.mock('@/lib/backend', () => ({ getBackend: async () => ({ rpc: async () => answer.current }) }))

const { getSite } = await import('@/lib/api/site')

/** What get_site answers, in the database's words. */
const sqlAnswer = (isOwner: boolean) => ({
  slug: demo.wedding.slug,
  title: demo.wedding.title,
  isPublished: false,
  isOwner,
  wedding: demo.wedding,
  sections: demo.sections,
})

describe('getSite', () => {
  beforeEach(() => {
    answer.current = null
  })

  test.each([true, false])('hands the answer’s isOwner (%s) to the app as isCouple, and nothing else changes', async (isOwner) => {
    answer.current = sqlAnswer(isOwner)
    const site = await getSite(demo.wedding.slug)
    expect(site).toMatchObject({ slug: demo.wedding.slug, isPublished: false, isCouple: isOwner })
    expect(site).not.toHaveProperty('isOwner')
    expect((site as { sections: unknown[] }).sections).toHaveLength(demo.sections.length)
  })

  test('an earlier address’s redirect and a missing site come back as they were', async () => {
    answer.current = { redirectTo: 'isabel-and-miguel' }
    expect(await getSite('old-slug')).toEqual({ redirectTo: 'isabel-and-miguel' })
    answer.current = null
    expect(await getSite('nobody')).toBeNull()
  })

  test('an answer without isOwner is refused as the wrong shape', async () => {
    const { isOwner: _, ...withoutIt } = sqlAnswer(true)
    answer.current = { ...withoutIt, isCouple: true }
    await expect(getSite(demo.wedding.slug)).rejects.toThrow(/Unexpected result from get_site/)
  })
})
