// @vitest-environment node
// The RSVPs tab's list kept up to date from the reply changes: a person's own answer follows the
// latest change; a reply to another event (a despedida) never overwrites it.
import { describe, expect, test } from 'vitest'
import { applyReplyChanges } from '@/features/rsvps/reply-sync'
import type { RsvpChange, RsvpHousehold } from '@/lib/api'

const household: RsvpHousehold = {
  id: 'h1',
  email: null,
  message: null,
  messageAt: null,
  persons: [
    {
      id: 'p1',
      householdId: 'h1',
      firstName: 'Ana',
      lastName: null,
      type: 'adult',
      isAttending: true,
      response: [],
      respondedAt: '2027-01-01T00:00:00Z',
      recordedBy: 'guest',
      recordedByName: null,
    },
  ],
}

const change = (at: string, isAttending: boolean, eventId?: string): RsvpChange => ({
  id: at,
  householdId: 'h1',
  personId: 'p1',
  firstName: 'Ana',
  lastName: null,
  changedAt: at,
  changedBy: 'guest_code',
  byMe: false,
  changedByName: null,
  previous: { eventId, isAttending: !isAttending, response: [] },
  current: { eventId, isAttending, response: [], respondedAt: at, recordedBy: 'guest' },
})

describe('applyReplyChanges', () => {
  test('a change of the person’s own answer is applied', () => {
    const { households, changed } = applyReplyChanges(
      [household],
      [change('2027-01-02T00:00:00Z', false)],
      '2027-01-01T00:00:00Z',
    )
    expect(households[0]!.persons[0]!.isAttending).toBe(false)
    expect([...changed]).toEqual(['h1'])
  })

  test('a reply to another event leaves the person’s own answer as it is', () => {
    const list = [household]
    const { households, changed } = applyReplyChanges(
      list,
      [change('2027-01-02T00:00:00Z', false, 'despedida')],
      '2027-01-01T00:00:00Z',
    )
    expect(households).toBe(list)
    expect(households[0]!.persons[0]!.isAttending).toBe(true)
    expect(changed.size).toBe(0)
  })
})
