// @vitest-environment jsdom
import { act, render } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { imageWaitTimeoutMs, useImagesSettled } from '@/features/site/use-images-settled'

function Page({ pageKey, lazy = false }: { pageKey: string | null; lazy?: boolean }) {
  const root = useRef<HTMLDivElement>(null)
  const settled = useImagesSettled(root, pageKey)
  return (
    <div ref={root}>
      <img src="/hero.svg" alt="" loading={lazy ? 'lazy' : 'eager'} />
      <p>{settled ? 'settled' : 'waiting'}</p>
    </div>
  )
}

describe('useImagesSettled', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  test('waits for the first images, then settles when they load', async () => {
    const { container, getByText } = render(<Page pageKey="a" />)
    await act(async () => vi.advanceTimersByTime(1000))
    expect(getByText('waiting')).toBeInTheDocument()
    await act(async () => container.querySelector('img')!.dispatchEvent(new Event('load')))
    expect(getByText('settled')).toBeInTheDocument()
  })

  test('an image that fails counts as finished', async () => {
    const { container, getByText } = render(<Page pageKey="a" />)
    await act(async () => container.querySelector('img')!.dispatchEvent(new Event('error')))
    expect(getByText('settled')).toBeInTheDocument()
  })

  test('gives up waiting after 5 seconds', async () => {
    expect(imageWaitTimeoutMs).toBe(5000)
    const { getByText } = render(<Page pageKey="a" />)
    await act(async () => vi.advanceTimersByTime(4999))
    expect(getByText('waiting')).toBeInTheDocument()
    await act(async () => vi.advanceTimersByTime(1))
    expect(getByText('settled')).toBeInTheDocument()
  })

  test('lazy images below the fold are not waited for', async () => {
    const { getByText } = render(<Page pageKey="a" lazy />)
    await act(async () => {})
    expect(getByText('settled')).toBeInTheDocument()
  })

  test('nothing settles while there is no page yet', async () => {
    const { getByText } = render(<Page pageKey={null} />)
    await act(async () => vi.advanceTimersByTime(10_000))
    expect(getByText('waiting')).toBeInTheDocument()
  })
})
