// @vitest-environment node
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { BackendError } from '@/lib/backend'
import { demoSite } from './render-site'

const api = vi.hoisted(() => ({ getSite: vi.fn(), setWeddingPublished: vi.fn() }))
vi.mock('@/lib/api/site', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))
vi.mock('@/lib/api/publishing', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))

const { useSiteStore } = await import('@/features/site/site-store')
const initial = useSiteStore.getState()

beforeEach(() => {
  useSiteStore.setState(initial, true)
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.clearAllMocks())

const state = () => useSiteStore.getState()
const couple = demoSite({
  slug: 'maria-and-juan',
  wedding: { ...demoSite().wedding, slug: 'maria-and-juan', id: 'w-maria' },
})

describe('loading a site', () => {
  test('the wedding asked for, from the database', async () => {
    api.getSite.mockResolvedValue(couple)
    await state().load('maria-and-juan')
    expect(api.getSite).toHaveBeenCalledWith('maria-and-juan')
    expect(state()).toMatchObject({
      status: 'ready',
      site: couple,
      isDemo: false,
      slug: 'maria-and-juan',
    })
  })

  test('an earlier slug of a wedding: moved, to its current slug, without loading the demo', async () => {
    api.getSite.mockResolvedValue({ redirectTo: 'maria-at-juan' })
    await state().load('maria-and-juan')
    expect(state()).toMatchObject({
      status: 'moved',
      movedTo: 'maria-at-juan',
      site: null,
      isDemo: false,
    })
  })

  test('a wedding not found (or not published) falls back to the demo, whose slug differs: not found', async () => {
    api.getSite.mockResolvedValue(null)
    await state().load('nobody-here')
    expect(state()).toMatchObject({ status: 'notFound', site: null })
    expect(console.warn).toHaveBeenCalledWith('Wedding not found for slug', 'nobody-here')
  })

  test('the demo’s own slug missing from the database shows the built-in demo', async () => {
    api.getSite.mockResolvedValue(null)
    await state().load('isabel-and-miguel')
    expect(state()).toMatchObject({ status: 'ready', isDemo: true })
    expect(state().site?.wedding.date).toBe('2025-12-12')
    expect(state().site?.sections.every((section) => section.visible)).toBe(true)
  })

  test('no slug at all: the built-in demo, without asking the database', async () => {
    await state().load(null)
    expect(api.getSite).not.toHaveBeenCalled()
    expect(state()).toMatchObject({ status: 'ready', isDemo: true })
    expect(state().site?.slug).toBe('isabel-and-miguel')
  })

  test('a failed fetch of the demo’s slug falls back to the built-in demo', async () => {
    api.getSite.mockRejectedValue(new TypeError('Failed to fetch'))
    await state().load('isabel-and-miguel')
    expect(state()).toMatchObject({ status: 'ready', isDemo: true })
  })

  test('a failed fetch of another wedding is reported as a failure, not as "not found"', async () => {
    const failure = new TypeError('Failed to fetch')
    api.getSite.mockRejectedValue(failure)
    await state().load('maria-and-juan')
    expect(state()).toMatchObject({ status: 'failed', error: failure, site: null })
  })

  test('the same slug is loaded once; a retry loads it again', async () => {
    api.getSite.mockResolvedValue(couple)
    await state().load('maria-and-juan')
    await state().load('maria-and-juan')
    expect(api.getSite).toHaveBeenCalledTimes(1)
    await state().load('maria-and-juan', { force: true })
    expect(api.getSite).toHaveBeenCalledTimes(2)
  })

  test('a slower answer for an older slug never replaces the newer one', async () => {
    let answerOld!: (site: unknown) => void
    api.getSite.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)))
    api.getSite.mockResolvedValueOnce(couple)
    const old = state().load('isabel-and-miguel')
    await state().load('maria-and-juan')
    answerOld(demoSite())
    await old
    expect(state()).toMatchObject({ slug: 'maria-and-juan', site: couple })
  })
})

describe('publishing', () => {
  test('the owner publishes and unpublishes; the site follows', async () => {
    api.getSite.mockResolvedValue({ ...couple, isCouple: true, isPublished: false })
    await state().load('maria-and-juan')
    api.setWeddingPublished.mockResolvedValue({
      id: 'w-maria',
      slug: 'maria-and-juan',
      isPublished: true,
    })
    await state().setPublished(true)
    expect(api.setWeddingPublished).toHaveBeenCalledWith('w-maria', true)
    expect(state().site?.isPublished).toBe(true)
    expect(state().publishing).toBe(false)

    api.setWeddingPublished.mockResolvedValue({
      id: 'w-maria',
      slug: 'maria-and-juan',
      isPublished: false,
    })
    await state().setPublished(false)
    expect(state().site?.isPublished).toBe(false)
  })

  test('a refused change keeps the state and keeps the error to show', async () => {
    api.getSite.mockResolvedValue({ ...couple, isCouple: true, isPublished: false })
    await state().load('maria-and-juan')
    const error = new BackendError('wedding_not_found', 'P0001')
    api.setWeddingPublished.mockRejectedValue(error)
    await state().setPublished(true)
    expect(state()).toMatchObject({ publishError: error, publishing: false })
    expect(state().site?.isPublished).toBe(false)
  })

  test('a visitor’s page never calls it', async () => {
    api.getSite.mockResolvedValue(couple)
    await state().load('maria-and-juan')
    await state().setPublished(false)
    expect(api.setWeddingPublished).not.toHaveBeenCalled()
  })
})
