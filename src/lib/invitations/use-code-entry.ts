import { useState, type FormEvent } from 'react'
import { openInvitationCode, type OpenedInvitation } from '@/lib/api/invitations'
import { BackendError, isNetworkError } from '@/lib/backend'
import { paths } from '@/lib/paths'
import { useNavigate } from '@/lib/routing'

/** Why a typed code opened nothing: not this wedding's, too many tries, no connection, or else. */
export type CodeProblem = 'wrong' | 'rate_limited' | 'network' | 'failed'

/** A printed code as the database keeps it: letters and digits, in capitals. */
export const cleanCode = (typed: string) => typed.replace(/[^A-Za-z0-9]/g, '').toUpperCase()

/**
 * The household's RSVP page for an opened invitation, carrying its code for the page's calls.
 * `slug` null: the site on its own subdomain, whose addresses carry no slug.
 */
export const invitationRsvpHref = (found: OpenedInvitation, slug: string | null) =>
  `${paths.site.rsvp(slug, found.householdId, found.personId)}?code=${encodeURIComponent(found.code)}`

export function codeProblem(error: unknown): CodeProblem {
  if (isNetworkError(error)) return 'network'
  if (error instanceof BackendError && error.message === 'rate_limited') return 'rate_limited'
  return 'failed'
}

/**
 * A guest types the code from their paper invitation: checked on this wedding only (every try
 * counts towards the limits), and a right one opens the household's RSVP. The form around it is
 * the page's own (the invitation page's, or the site's in its theme); the behaviour is this one.
 */
export function useCodeEntry(
  slug: string,
  { routed = true, replace = false }: { routed?: boolean; replace?: boolean } = {},
) {
  const navigate = useNavigate()
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<CodeProblem | null>(null)
  const cleaned = cleanCode(typed)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!cleaned || busy) return
    setBusy(true)
    setProblem(null)
    openInvitationCode(slug, cleaned).then(
      (found) => {
        if (found) {
          void navigate(invitationRsvpHref(found, routed ? slug : null), { replace })
          return
        }
        setProblem('wrong')
        setBusy(false)
      },
      (error: unknown) => {
        setProblem(codeProblem(error))
        setBusy(false)
      },
    )
  }

  return { typed, setTyped, cleaned, busy, problem, submit }
}
