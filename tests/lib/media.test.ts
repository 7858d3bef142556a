// @vitest-environment node
// The media port's pure parts: how large the stored photos are, and resolving uploads in batches.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { fitWithin, sizesFor } from '@/lib/media/resize'

const port = vi.hoisted(() => ({ urls: vi.fn(), upload: vi.fn(), remove: vi.fn() }))
vi.mock('@/lib/media/embedded', () => ({ createEmbeddedMedia: () => port }))

afterEach(() => vi.clearAllMocks())

describe('stored photo sizes', () => {
  test('the longest side becomes at most 1600 px, keeping the shape; small photos are never enlarged', () => {
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 })
    expect(fitWithin(3024, 4032, 800)).toEqual({ width: 600, height: 800 })
    expect(fitWithin(640, 480, 1600)).toEqual({ width: 640, height: 480 })
  })

  test('a phone variant is added only when it is smaller than the main photo', () => {
    expect(sizesFor(4032, 3024)).toEqual([1600, 800])
    expect(sizesFor(1000, 700)).toEqual([1600, 800])
    expect(sizesFor(640, 480)).toEqual([1600])
  })
})

describe('resolveImageSrc', () => {
  test('uploads asked for together are resolved in one request; addresses pass through', async () => {
    const { resolveImageSrc } = await import('@/lib/media')
    const a = '5eed0000-0000-4000-8000-000000000002/a-1600.webp'
    const b = '5eed0000-0000-4000-8000-000000000002/a-800.webp'
    port.urls.mockResolvedValue({ [a]: 'blob:a' })
    const results = await Promise.all([
      resolveImageSrc(`media:${a}`),
      resolveImageSrc(`media:${b}`),
      resolveImageSrc('https://example.com/x.jpg'),
    ])
    expect(results).toEqual(['blob:a', null, 'https://example.com/x.jpg'])
    expect(port.urls).toHaveBeenCalledTimes(1)
    expect(port.urls).toHaveBeenCalledWith([a, b])
    // A known one is not asked for again; one that failed is.
    port.urls.mockResolvedValue({ [b]: 'blob:b' })
    expect(await resolveImageSrc(`media:${a}`)).toBe('blob:a')
    expect(await resolveImageSrc(`media:${b}`)).toBe('blob:b')
    expect(port.urls).toHaveBeenCalledTimes(2)
  })
})
