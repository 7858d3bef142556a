import { listInvitations } from '@/lib/api/invitations'
import { useLoad } from '@/lib/use-load'

/**
 * Each household's invitation code and the couple's message templates, for previewing the
 * invitation and reminder e-mails. Null until loaded (or if loading failed: the confirmation
 * e-mail still previews).
 */
export function useInvitationDetails(weddingId: string) {
  return useLoad(() => listInvitations(weddingId), [weddingId]).data ?? null
}
