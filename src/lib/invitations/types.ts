// The shapes the invitation model works on, as plain types (models do not import the API layer;
// the API's parsed results fit these).

export type Channel = 'messenger' | 'viber' | 'whatsapp' | 'sms' | 'email' | 'copy' | 'share'
export type Kind = 'invitation' | 'reminder'
export type State = 'not_invited' | 'invited' | 'opened' | 'answered'

export interface Templates {
  invitation?: { fil?: string; en?: string }
  reminder?: { fil?: string; en?: string }
}

export interface HouseholdInvitation {
  householdId: string
  code: string
  /** The link's token: `/i/<token>`. */
  token: string
  /** When the link the household was last sent stopped working (it needs a new card), else null. */
  linkReplacedAt?: string | null
  persons: ReadonlyArray<{ firstName: string }>
  state: State
  invitedAt?: string | null
  lastSentAt?: string | null
  openedAt?: string | null
  answered: boolean
}
