import {
  useCallback,
  useEffect,
  useState,
  type DependencyList,
  type Dispatch,
  type SetStateAction,
} from 'react'

export type Loaded<T> = {
  /** The last answer. Kept while the next one is asked for, so a list does not blink away. */
  data: T | undefined
  /** Why the last attempt failed; cleared by the next answer or by `reload`. */
  error: unknown
  /** `error` first, then `ready` once there is an answer, `loading` until then. */
  status: 'loading' | 'ready' | 'error'
  /** Asks again and shows `loading` until the answer (after a failure: the retry button). */
  reload(): void
  /** Asks again and keeps what is shown until the answer (after a change was saved). */
  refresh(): void
  /** Puts an answer in place without asking (a save returned the new state). */
  setData: Dispatch<SetStateAction<T | undefined>>
}

type State<T> = { data: T | undefined; error: unknown }

/**
 * Reads something for a screen: asks `load` when the screen opens and whenever `deps` change,
 * and takes only the answer to the latest question (an older, slower one is dropped). A `load`
 * that returns null asks nothing and keeps what is there. `deps` are what `load` reads, as for `useEffect`
 * (eslint checks them: see `additionalHooks` in eslint.config.js). No library: the public site
 * uses it too and stays small.
 */
export function useLoad<T>(load: () => Promise<T> | null, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<State<T>>({ data: undefined, error: null })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const answer = load()
    if (!answer) return
    let latest = true
    answer.then(
      (data) => latest && setState({ data, error: null }),
      (error: unknown) =>
        latest &&
        setState((previous) => ({ data: previous.data, error: error ?? new Error('failed') })),
    )
    return () => {
      latest = false
    }
    // `load` is a new function on every render; `deps` say when it asks something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt])

  const reload = useCallback(() => {
    setState({ data: undefined, error: null })
    setAttempt((count) => count + 1)
  }, [])
  const refresh = useCallback(() => setAttempt((count) => count + 1), [])
  const setData = useCallback<Dispatch<SetStateAction<T | undefined>>>(
    (next) =>
      setState((previous) => ({
        data:
          typeof next === 'function'
            ? (next as (value: T | undefined) => T | undefined)(previous.data)
            : next,
        error: previous.error,
      })),
    [],
  )

  const status = state.error != null ? 'error' : state.data !== undefined ? 'ready' : 'loading'
  return { data: state.data, error: state.error, status, reload, refresh, setData }
}
