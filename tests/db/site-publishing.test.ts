// Site publishing (0003): a couple's site is private until they publish it, and only they may.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, DEMO, DEMO_CLAIMS, type TestDb } from './harness'

interface Site {
  slug: string
  isPublished: boolean
  isCouple: boolean
  wedding: { id: string }
  sections: { type: string; visible: boolean }[]
}

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

const getSite = (claims: Claims, slug: string) =>
  t.rpc(claims, 'get_site', { p_slug: slug }) as Promise<Site | null>
const setPublished = (claims: Claims, weddingId: string, published: boolean | null) =>
  t.rpc(claims, 'set_wedding_published', { p_wedding_id: weddingId, p_published: published })

describe('kasalan.set_wedding_published', () => {
  test('a new couple’s site is private: visitors get nothing, the owner gets it marked as theirs', async () => {
    const { claims, wedding } = await t.couple('Liza', 'Enrique')

    expect(await getSite(null, wedding.slug)).toBeNull()
    const own = await getSite(claims, wedding.slug)
    expect(own).toMatchObject({ slug: wedding.slug, isPublished: false, isCouple: true })
    expect(own?.wedding.id).toBe(wedding.id)
  })

  test('publishing shows the site to visitors, unpublishing hides it again', async () => {
    const { claims, wedding } = await t.couple('Bea', 'Paolo')

    expect(await setPublished(claims, wedding.id, true)).toEqual({
      id: wedding.id,
      slug: wedding.slug,
      isPublished: true,
    })
    const visitorView = await getSite(null, wedding.slug)
    expect(visitorView).toMatchObject({ slug: wedding.slug, isPublished: true, isCouple: false })
    // Visitors see only the visible sections of the new wedding (our-story and gallery start hidden).
    expect(visitorView?.sections.map((section) => section.type)).not.toContain('gallery')
    expect(visitorView?.sections.every((section) => section.visible)).toBe(true)

    expect(await setPublished(claims, wedding.id, false)).toMatchObject({ isPublished: false })
    expect(await getSite(null, wedding.slug)).toBeNull()
    expect(await getSite(claims, wedding.slug)).toMatchObject({
      isPublished: false,
      isCouple: true,
    })
  })

  test('publishing twice is harmless', async () => {
    const { claims, wedding } = await t.couple('Ana', 'Ben')
    await setPublished(claims, wedding.id, true)
    expect(await setPublished(claims, wedding.id, true)).toMatchObject({ isPublished: true })
    expect(await getSite(null, wedding.slug)).toMatchObject({ isPublished: true })
  })

  test('another couple cannot publish or unpublish a wedding, and learns nothing about it', async () => {
    const a = await t.couple('Carla', 'Dan')
    const b = await t.couple('Ella', 'Fred')

    await expect(setPublished(b.claims, a.wedding.id, true)).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    expect(await getSite(null, a.wedding.slug)).toBeNull()

    await expect(setPublished(b.claims, DEMO.weddingId, false)).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    expect(await getSite(null, DEMO.slug)).toMatchObject({ isPublished: true })
  })

  test('an unknown wedding reads as not found, the same as someone else’s', async () => {
    const { claims } = await t.couple('Gina', 'Hugo')
    await expect(
      setPublished(claims, '00000000-0000-4000-8000-000000000000', true),
    ).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
  })

  test('published must be true or false', async () => {
    const { claims, wedding } = await t.couple('Ivy', 'Jon')
    await expect(setPublished(claims, wedding.id, null)).rejects.toMatchObject({
      message: 'invalid_input',
    })
    expect(await getSite(claims, wedding.slug)).toMatchObject({ isPublished: false })
  })

  test('visitors may not call it at all', async () => {
    await expect(setPublished(null, DEMO.weddingId, false)).rejects.toMatchObject({ code: '42501' })
    expect(await getSite(null, DEMO.slug)).toMatchObject({ isPublished: true })
  })

  test('the demo wedding is published, and its owner can take it private and back', async () => {
    expect(await getSite(null, DEMO.slug)).toMatchObject({
      slug: DEMO.slug,
      isPublished: true,
      isCouple: false,
    })

    await setPublished(DEMO_CLAIMS, DEMO.weddingId, false)
    expect(await getSite(null, DEMO.slug)).toBeNull()
    expect(await getSite(DEMO_CLAIMS, DEMO.slug)).toMatchObject({
      isPublished: false,
      isCouple: true,
    })

    await setPublished(DEMO_CLAIMS, DEMO.weddingId, true)
    expect(await getSite(null, DEMO.slug)).toMatchObject({ isPublished: true })
  })

  test('it runs as the owner after checking the caller (0026), and only signed-in users may execute it', async () => {
    const { rows } = await t.asOwner<{
      definer: boolean
      anon: boolean
      authenticated: boolean
      config: string[]
    }>(`
      select p.prosecdef as definer,
             has_function_privilege('anon', p.oid, 'execute') as anon,
             has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
             p.proconfig as config
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'kasalan' and p.proname = 'set_wedding_published'
    `)
    expect(rows).toEqual([
      { definer: true, anon: false, authenticated: true, config: ['search_path=""'] },
    ])
  })
})
