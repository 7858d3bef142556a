// @vitest-environment jsdom
// Who changed a reply, in the RSVPs tab's history, as the one reading it knows them: "by you" for
// their own change, the member's name for another's (the history's 'couple' is the owner alone,
// so a partner must not read the owner's change as theirs), a guest by how they came.
import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, test } from 'vitest'
import type { RsvpChange } from '@/lib/api'
import { RsvpChangesPanel } from '@/features/rsvps/components/rsvp-changes'
import { setUpI18n } from '../rsvp/i18n'

const change = (id: string, over: Partial<RsvpChange>): RsvpChange => ({
  id,
  householdId: 'h1',
  personId: 'p1',
  firstName: 'Lourdes',
  lastName: 'Santos',
  changedAt: '2026-11-20T02:00:00Z',
  changedBy: 'member',
  byMe: false,
  changedByName: null,
  previous: { isAttending: null },
  current: { isAttending: true },
  ...over,
})

const changes = [
  change('c1', { changedBy: 'couple', byMe: false, changedByName: 'Isabel' }),
  change('c2', { changedBy: 'member', byMe: true, changedByName: 'Miguel' }),
  change('c3', { changedBy: 'member', byMe: false, changedByName: null }),
  change('c4', { changedBy: 'guest_code', byMe: false, changedByName: null }),
]

function lines() {
  const list = screen.getByRole('list', { name: /./ })
  return [...list.querySelectorAll('li')].map((item) => item.textContent ?? '')
}

describe('who changed a reply', () => {
  beforeAll(async () => {
    await setUpI18n('en')
  })

  test.each([
    ['en', ['by Isabel', 'by you', 'by a helper', 'by the guest, with their invitation link']],
    ['fil', ['ni Isabel', '· mo', 'ng katuwang', 'ng bisita, gamit ang link ng imbitasyon']],
  ] as const)(
    'in %s: the owner by name to the partner, the reader as themselves, a guest by how they came',
    async (language, said) => {
      await setUpI18n(language)
      render(
        <RsvpChangesPanel
          changes={{ lastSeenAt: null, changes, probes: [] }}
          since={null}
          onRestore={async () => undefined}
        />,
      )
      const shown = lines()
      expect(shown).toHaveLength(4)
      said.forEach((words, index) => expect(shown[index]).toContain(words))
      expect(shown[0]).not.toContain(language === 'en' ? 'by you' : '· mo')
    },
  )
})
