import { useCallback, useEffect } from 'react'
import { useParams, useSearchParams } from 'wouter'
import { useShallow } from 'zustand/react/shallow'
import { BackendError } from '@/lib/backend'
import { paths } from '@/lib/paths'
import { useGuestRsvpStore, type RsvpStatus } from './guest-rsvp-store'

/**
 * The household's RSVP for the route's ids, loaded once and shared by the RSVP and thank-you pages.
 * Under /wedding/:slug the ids must belong to that wedding; otherwise it is not found.
 */
export function useRsvpRoute() {
  const { slug, householdId = '', personId = '' } = useParams()
  const [searchParams] = useSearchParams()
  const code = searchParams.get('code')
  const key = `${householdId}/${personId}/${code ?? ''}`
  const { loadedKey, rsvp, status, error, load } = useGuestRsvpStore(
    useShallow((state) => ({
      loadedKey: state.key,
      rsvp: state.rsvp,
      status: state.status,
      error: state.error,
      load: state.load,
    })),
  )

  useEffect(() => {
    void load(householdId, personId, { code })
  }, [load, householdId, personId, code])

  const current = loadedKey === key
  let routeStatus: RsvpStatus = current ? status : 'loading'
  if (routeStatus === 'idle') routeStatus = 'loading'
  if (current && rsvp && slug && rsvp.wedding.slug !== slug) routeStatus = 'notFound'

  const codeQuery = code ? `?code=${encodeURIComponent(code)}` : ''
  const retry = useCallback(
    () => void load(householdId, personId, { force: true, code }),
    [load, householdId, personId, code],
  )

  return {
    status: routeStatus,
    rsvp: current ? rsvp : null,
    retry,
    /** The visitor opened RSVPs faster than a person would: the database asks them to wait. */
    rateLimited: current && error instanceof BackendError && error.message === 'rate_limited',
    // The invitation code travels between the two pages, so the household keeps seeing its answers.
    rsvpPath: paths.site.rsvp(slug ?? null, householdId, personId) + codeQuery,
    thankYouPath: paths.site.rsvpThankYou(slug ?? null, householdId, personId) + codeQuery,
  }
}
