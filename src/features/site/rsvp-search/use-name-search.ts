import { useCallback, useEffect, useState } from 'react'
import { searchPersons, type GuestSearch, type GuestSearchResult } from '@/lib/api/name-search'
import { BackendError } from '@/lib/backend'

/**
 * The search asks the database once the query has 4 letters (punctuation and spaces do not count,
 * as in kasalan.search_persons), 100 ms after the last keystroke (spec section 9).
 */
export const MIN_QUERY_LETTERS = 4
export const SEARCH_DEBOUNCE_MS = 100

/** The words of a query as the database compares them: no accents or case, punctuation a space. */
export function queryWords(query: string) {
  const words = query
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  // A middle initial beside two longer words is ignored, as in the database.
  const longer = words.filter((word) => word.length >= 2)
  return longer.length >= 2 ? longer : words
}

/** Whether a query is long enough to search: 4 letters or more, punctuation and spaces not counted. */
export function isSearchable(query: string) {
  return queryWords(query).join('').length >= MIN_QUERY_LETTERS
}

/**
 * codeRequired: the couple asks every guest for the invitation code; codeBusy: the wedding's name
 * searches of the hour are used up, so the code is the way in for now.
 */
export type NameSearchStatus =
  'idle' | 'searching' | 'done' | 'error' | 'rateLimited' | 'codeRequired' | 'codeBusy'

/** The server's refusals that have a status of their own; any other failure is 'error'. */
const REFUSALS = new Map<string, NameSearchStatus>([
  ['rate_limited', 'rateLimited'],
  ['invitation_code_required', 'codeRequired'],
  ['invitation_code_required_busy', 'codeBusy'],
])

interface Answer {
  key: string
  search: GuestSearch | null
  /** The server's refusal code (rate_limited, invitation_code_required[_busy]), when it gave one. */
  refused?: string | null
}

/**
 * The guest's name search: what was typed, and the matching guests once the typing pauses.
 * Below the minimum the results are cleared and nothing is asked; a slower answer to an older
 * query never replaces a newer one. `outcome` says why there are no results (too_many: add a word).
 */
export function useNameSearch(slug: string, search = searchPersons) {
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
        (result) => current && setAnswer({ key, search: result }),
        (error: unknown) =>
          current &&
          setAnswer({
            key,
            search: null,
            refused: error instanceof BackendError ? error.message : null,
          }),
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [search, slug, trimmed, key, searchable, attempt])

  const setQuery = useCallback((next: string) => {
    setQueryState(next)
    // Fewer letters than the minimum clears the results (spec section 5).
    if (!isSearchable(next)) setAnswer(null)
  }, [])

  const retry = useCallback(() => {
    setAnswer(null)
    setAttempt((count) => count + 1)
  }, [])

  let status: NameSearchStatus = 'idle'
  if (searchable) {
    if (answer?.key !== key) status = 'searching'
    else if (answer.search) status = 'done'
    else status = REFUSALS.get(answer.refused ?? '') ?? 'error'
  }
  // While a new query runs, the last list stays in place rather than blinking away on every key.
  const results: GuestSearchResult[] = searchable ? (answer?.search?.matches ?? []) : []
  const outcome = status === 'done' ? (answer?.search?.status ?? 'none') : null

  return { query, setQuery, status, outcome, results, retry }
}
