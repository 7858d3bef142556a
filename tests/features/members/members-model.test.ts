// @vitest-environment node
import { describe, expect, test } from 'vitest'
import {
  daysLeft,
  fromRoleChoice,
  invitationLink,
  roleChoice,
  roleChoices,
  shareLinks,
} from '@/features/members/members-model'

describe('members model', () => {
  test('a link opens the accept page on this site, token escaped', () => {
    expect(invitationLink('https://kasalan.ph', 'ab_C-9')).toBe('https://kasalan.ph/join/ab_C-9')
    expect(invitationLink('http://127.0.0.1:4182', 'a/b')).toBe('http://127.0.0.1:4182/join/a%2Fb')
  })

  test('Messenger, Viber and e-mail get the link with the message', () => {
    const links = shareLinks('https://kasalan.ph/join/x', 'Tulungan mo kami:', 'Kasal namin')
    expect(links.messenger).toBe('fb-messenger://share/?link=https%3A%2F%2Fkasalan.ph%2Fjoin%2Fx')
    expect(decodeURIComponent(links.viber.split('text=')[1]!)).toBe(
      'Tulungan mo kami: https://kasalan.ph/join/x',
    )
    expect(links.email).toBe(
      'mailto:?subject=Kasal%20namin&body=Tulungan%20mo%20kami%3A%20https%3A%2F%2Fkasalan.ph%2Fjoin%2Fx',
    )
    // An invitation tied to one e-mail is addressed to it.
    expect(shareLinks('https://kasalan.ph/join/x', 'Hi', 'S', 'joy+kasal@example.com').email).toBe(
      'mailto:joy%2Bkasal%40example.com?subject=S&body=Hi%20https%3A%2F%2Fkasalan.ph%2Fjoin%2Fx',
    )
  })

  test('a role and side round-trip through one choice, a family helper once per side', () => {
    for (const choice of roleChoices) {
      const { role, side } = fromRoleChoice(choice)
      expect(roleChoice(role, side)).toBe(choice)
    }
    expect(fromRoleChoice('family_helper:groom')).toEqual({ role: 'family_helper', side: 'groom' })
    expect(fromRoleChoice('coordinator')).toEqual({ role: 'coordinator', side: null })
  })

  test('days left count a started day, never below zero', () => {
    const now = new Date('2026-11-23T08:00:00Z')
    expect(daysLeft('2026-12-07T08:00:00Z', now)).toBe(14)
    expect(daysLeft('2026-12-07T07:59:59Z', now)).toBe(14)
    expect(daysLeft('2026-11-24T07:59:00Z', now)).toBe(1)
    expect(daysLeft('2026-11-20T08:00:00Z', now)).toBe(0)
  })
})
