// useLoad: a screen's read, its failure and retry, and only the latest question's answer.
import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { useLoad } from '@/lib/use-load'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

test('loading, then the answer', async () => {
  const answer = deferred<string[]>()
  const { result } = renderHook(() => useLoad(() => answer.promise, []))
  expect(result.current).toMatchObject({ status: 'loading', data: undefined, error: null })
  await act(async () => answer.resolve(['Isabel']))
  expect(result.current).toMatchObject({ status: 'ready', data: ['Isabel'], error: null })
})

test('an older, slower answer never replaces the newer one', async () => {
  const answers = new Map([
    ['w1', deferred<string>()],
    ['w2', deferred<string>()],
  ])
  const { result, rerender } = renderHook(
    ({ id }) => useLoad(() => answers.get(id)!.promise, [id]),
    {
      initialProps: { id: 'w1' },
    },
  )
  rerender({ id: 'w2' })
  await act(async () => answers.get('w2')!.resolve('second'))
  await act(async () => answers.get('w1')!.resolve('first'))
  expect(result.current.data).toBe('second')
})

test('a failure, then reload shows loading and asks again', async () => {
  const load = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new Error('network'))
    .mockResolvedValueOnce('again')
  const { result } = renderHook(() => useLoad(load, []))
  await waitFor(() => expect(result.current.status).toBe('error'))
  expect(result.current.error).toEqual(new Error('network'))

  act(() => result.current.reload())
  expect(result.current).toMatchObject({ status: 'loading', data: undefined, error: null })
  await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'again' }))
  expect(load).toHaveBeenCalledTimes(2)
})

test('refresh keeps what is shown until the answer; a failed refresh keeps the data beside the error', async () => {
  const second = deferred<number>()
  const load = vi
    .fn<() => Promise<number>>()
    .mockResolvedValueOnce(1)
    .mockReturnValueOnce(second.promise)
    .mockResolvedValueOnce(3)
  const { result } = renderHook(() => useLoad(load, []))
  await waitFor(() => expect(result.current.data).toBe(1))

  act(() => result.current.refresh())
  expect(result.current).toMatchObject({ status: 'ready', data: 1 })
  await act(async () => second.reject(new Error('offline')))
  expect(result.current).toMatchObject({ status: 'error', data: 1 })

  act(() => result.current.refresh())
  expect(result.current.status).toBe('error')
  await waitFor(() =>
    expect(result.current).toMatchObject({ status: 'ready', data: 3, error: null }),
  )
})

test('a load that returns null asks nothing; setData puts an answer in place', async () => {
  const { result, rerender } = renderHook(
    ({ ready }) => useLoad(() => (ready ? Promise.resolve('read') : null), [ready]),
    {
      initialProps: { ready: false },
    },
  )
  expect(result.current.status).toBe('loading')
  act(() => result.current.setData('saved'))
  expect(result.current).toMatchObject({ status: 'ready', data: 'saved' })
  rerender({ ready: true })
  await waitFor(() => expect(result.current.data).toBe('read'))
  act(() => result.current.setData((previous) => `${previous}!`))
  expect(result.current.data).toBe('read!')
})

test('a rejection without a reason still counts as a failure', async () => {
  const { result } = renderHook(() => useLoad(() => Promise.reject(undefined), []))
  await waitFor(() => expect(result.current.status).toBe('error'))
})
