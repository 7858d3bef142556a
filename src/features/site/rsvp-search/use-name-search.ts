import { useCallback, useEffect, useState } from 'react'
import { searchGuests, type GuestSearchResult } from '@/lib/api'

/** Spec section 5 and 9: the search starts at 3 characters, 100 ms after the last keystroke. */
export const MIN_QUERY_CHARACTERS = 3
export const SEARCH_DEBOUNCE_MS = 100

/** Whether a query is long enough to search: spaces do not count. */
export function isSearchable(query: string) {
  return query.replace(/\s/g, '').length >= MIN_QUERY_CHARACTERS
}

export type NameSearchStatus = 'idle' | 'searching' | 'done' | 'error'

interface Answer {
  key: string
  results: GuestSearchResult[] | null
}

/**
 * The guest's name search: what was typed, and the matching guests once the typing pauses.
 * Below the minimum length the results are cleared and nothing is asked; a slower answer to an
 * older query never replaces a newer one.
 */
export function useNameSearch(slug: string, search = searchGuests) {
  const [query, setQueryState] = useState('')
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [attempt, setAttempt] = useState(0)

  const trimmed = query.trim()
  const searchable = isSearchable(trimmed)
  const key = `${slug}\n${trimmed}`

  useEffect(() => {
    if (!searchable) return
    let current = true
    const timer = setTimeout(() => {
      search(slug, trimmed).then(
        (results) => current && setAnswer({ key, results }),
        () => current && setAnswer({ key, results: null }),
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [search, slug, trimmed, key, searchable, attempt])

  const setQuery = useCallback((next: string) => {
    setQueryState(next)
    // Fewer characters than the minimum clears the results (spec section 5).
    if (!isSearchable(next)) setAnswer(null)
  }, [])

  const retry = useCallback(() => {
    setAnswer(null)
    setAttempt((count) => count + 1)
  }, [])

  let status: NameSearchStatus = 'idle'
  if (searchable) status = answer?.key !== key ? 'searching' : answer.results ? 'done' : 'error'
  // While a new query runs, the last list stays in place rather than blinking away on every key.
  const results = searchable ? (answer?.results ?? []) : []

  return { query, setQuery, status, results, retry }
}
