// Pure helpers of the members screens: links to send, what each role may do, dates.

type MemberRole = 'owner' | 'partner' | 'coordinator' | 'family_helper' | 'usher'
type MemberSide = 'bride' | 'groom'
export type RoleChoice = { role: Exclude<MemberRole, 'owner'>; side: MemberSide | null }

/** The choices of one role list: a family helper once per side ('family_helper:bride', …). */
export const roleChoices = [
  'partner',
  'coordinator',
  'family_helper:bride',
  'family_helper:groom',
  'usher',
] as const

export function roleChoice(role: MemberRole, side: MemberSide | null): string {
  return side ? `${role}:${side}` : role
}

export function fromRoleChoice(choice: string): RoleChoice {
  const [role, side] = choice.split(':') as [RoleChoice['role'], MemberSide | undefined]
  return { role, side: side ?? null }
}

/** The page an invitation link opens (the accept screen), on this site. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/join/${encodeURIComponent(token)}`
}

/**
 * Ready-made ways to send a link: Messenger, Viber and e-mail open with the message filled in; the
 * e-mail goes to the invitation's address when it is tied to one.
 */
export function shareLinks(
  link: string,
  message: string,
  subject: string,
  to: string | null = null,
) {
  const text = `${message} ${link}`
  return {
    messenger: `fb-messenger://share/?link=${encodeURIComponent(link)}`,
    viber: `viber://forward?text=${encodeURIComponent(text)}`,
    email: `mailto:${to ? encodeURIComponent(to) : ''}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`,
  }
}

/** Days left before an invitation expires, counting a started day: 14 for a new one, 1 on its last. */
export function daysLeft(expiresAt: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / 86_400_000))
}
