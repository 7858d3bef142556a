// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { eventFollowUpList } from '@/features/invitations/model/follow-up'
import { renderEventReminder } from '@/lib/invitations/message'
import type { HouseholdInvitation } from '@/lib/invitations/types'

type Household = Omit<HouseholdInvitation, 'persons'> & {
  persons: Array<{ id: string; firstName: string }>
}

const base: Household = {
  householdId: 'a',
  code: 'ABCD2345',
  token: 'tok',
  persons: [],
  state: 'invited',
  answered: false,
}
const invited = { invitedAt: '2026-11-01T00:00:00Z', lastSentAt: '2026-11-01T00:00:00Z' }
const households: Household[] = [
  // Answered the wedding, not yet the despedida.
  {
    ...base,
    ...invited,
    householdId: 'reyes',
    state: 'answered',
    answered: true,
    persons: [
      { id: 'ana', firstName: 'Ana' },
      { id: 'ben', firstName: 'Ben' },
    ],
  },
  // Both answered the despedida.
  { ...base, ...invited, householdId: 'cruz', persons: [{ id: 'dino', firstName: 'Dino' }] },
  // Not invited to the despedida.
  { ...base, ...invited, householdId: 'santos', persons: [{ id: 'carla', firstName: 'Carla' }] },
  // Invited to it but not yet sent the invitation.
  { ...base, householdId: 'lim', state: 'not_invited', persons: [{ id: 'eli', firstName: 'Eli' }] },
]
const despedida = {
  id: 'desp',
  isMain: false,
  isPrivate: true,
  householdIds: ['reyes', 'cruz', 'lim'],
}

describe('following up one event', () => {
  test('invited households asked about the event with someone yet to answer it', () => {
    // Ana answered the despedida, Ben did not: the household is still waited on.
    const answered = new Set(['desp:ana', 'desp:dino'])
    expect(eventFollowUpList(households, despedida, answered).map((h) => h.householdId)).toEqual([
      'reyes',
    ])
    expect(eventFollowUpList(households, despedida, new Set([...answered, 'desp:ben']))).toEqual([])
    // An event for everyone asks every invited household, whatever they said to the wedding.
    expect(
      eventFollowUpList(
        households,
        { ...despedida, isPrivate: false, householdIds: [] },
        answered,
      ).map((h) => h.householdId),
    ).toEqual(['reyes', 'santos'])
  })

  test('the reminder names the event and its own deadline, in the guest’s language', () => {
    const input = {
      language: 'fil' as const,
      wedding: {
        bride: { firstName: 'Liza' },
        groom: { firstName: 'Enrique' },
        date: '2026-12-12',
        rsvpDeadline: '2026-11-30',
      },
      household: { code: 'ABCD2345', token: 'tok', persons: [{ firstName: 'Ana' }] },
      origin: 'https://kasalan.ph',
      event: { name: 'Despedida {names}', date: '2026-12-10', deadline: '2026-12-01' },
    }
    const fil = renderEventReminder(input)
    expect(fil.text).toContain('para sa Despedida {names} sa 10 Disyembre 2026')
    expect(fil.text).toContain('bago mag-1 Disyembre 2026')
    expect(fil.subject).toBe('Paalala: RSVP para sa Despedida {names} nina Liza at Enrique')
    const en = renderEventReminder({
      ...input,
      language: 'en',
      event: { name: 'despedida', date: null, deadline: null },
    })
    expect(en.text).toContain(
      'about the despedida on 12 December 2026. Please RSVP, it takes a minute: https://kasalan.ph/i/tok',
    )
  })
})
