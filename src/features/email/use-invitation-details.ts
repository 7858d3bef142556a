import { useEffect, useState } from 'react'
import { listInvitations, type Invitations } from '@/lib/api/invitations'

/**
 * Each household's invitation code and the couple's message templates, for previewing the
 * invitation and reminder e-mails. Null until loaded (or if loading failed: the confirmation
 * e-mail still previews).
 */
export function useInvitationDetails(weddingId: string) {
  const [details, setDetails] = useState<Invitations | null>(null)
  useEffect(() => {
    let current = true
    listInvitations(weddingId).then(
      (result) => current && setDetails(result),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [weddingId])
  return details
}
