// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { channelAvailable, channelHref, internationalPhone } from '@/lib/invitations/channels'
import {
  daysToDeadline,
  followUpList,
  invitationCounts,
} from '@/features/invitations/model/follow-up'
import {
  defaultTemplates,
  fillTemplate,
  householdNames,
  invitationLink,
  messageDate,
  printedCode,
  renderMessage,
  templateFor,
  type MessageInput,
} from '@/lib/invitations/message'
import type { HouseholdInvitation } from '@/lib/invitations/types'

const wedding = {
  bride: { firstName: 'ma. cristina' },
  groom: { firstName: 'Niño' },
  date: '2026-12-12',
  rsvpDeadline: '2026-11-30',
}
const TOKEN = 'q7Xw-2mR_vK9bLp4ZtYc8A'
const household = {
  code: 'ABCD2345',
  token: TOKEN,
  persons: [{ firstName: 'lola pacing' }, { firstName: 'Tito Ben' }, { firstName: 'Ñora' }],
}
const input = (overrides: Partial<MessageInput> = {}): MessageInput => ({
  kind: 'invitation',
  language: 'fil',
  templates: {},
  wedding,
  household,
  origin: 'https://kasalan.ph/',
  ...overrides,
})

describe('templates', () => {
  test('fills every placeholder, with Filipino names capitalised and joined in the message language', () => {
    const template = '{names}|{couple}|{link}|{code}|{date}|{deadline}|{unknown}'
    const fil = renderMessage(input({ templates: { invitation: { fil: template } } }))
    expect(fil.text).toBe(
      'Lola Pacing, Tito Ben at Ñora|Ma. Cristina at Niño|https://kasalan.ph/i/q7Xw-2mR_vK9bLp4ZtYc8A|ABCD-2345|12 Disyembre 2026|30 Nobyembre 2026|{unknown}',
    )
    const en = renderMessage(input({ language: 'en', templates: { invitation: { en: template } } }))
    expect(en.text).toBe(
      'Lola Pacing, Tito Ben and Ñora|Ma. Cristina and Niño|https://kasalan.ph/i/q7Xw-2mR_vK9bLp4ZtYc8A|ABCD-2345|12 December 2026|30 November 2026|{unknown}',
    )
    expect(fil.link).toBe(`https://kasalan.ph/i/${TOKEN}`)
  })

  test('the default invitation and reminder name the household, the link, the code and the deadline', () => {
    for (const kind of ['invitation', 'reminder'] as const) {
      for (const language of ['fil', 'en'] as const) {
        const { text, subject } = renderMessage(input({ kind, language }))
        expect(text).toContain(
          language === 'fil' ? 'Lola Pacing, Tito Ben at Ñora' : 'Lola Pacing, Tito Ben and Ñora',
        )
        expect(text).toContain(`https://kasalan.ph/i/${TOKEN}`)
        expect(text).not.toContain('/i/ABCD2345')
        expect(text).toContain('ABCD-2345')
        expect(text).toContain(language === 'fil' ? '30 Nobyembre 2026' : '30 November 2026')
        expect(subject).toContain(
          language === 'fil' ? 'Ma. Cristina at Niño' : 'Ma. Cristina and Niño',
        )
      }
    }
    expect(renderMessage(input({ kind: 'reminder' })).text).toMatch(
      /^Hi Lola Pacing, Tito Ben at Ñora! Friendly reminder lang po/,
    )
  })

  test('without a deadline the default wording never says "reply by"; without a date it says so', () => {
    const text = renderMessage(
      input({ wedding: { ...wedding, rsvpDeadline: null, date: null } }),
    ).text
    expect(text).not.toContain('bago mag-')
    expect(text).toContain('(petsang ibabalita pa)')
    expect(templateFor('reminder', 'en', {}, false)).toBe(defaultTemplates.reminder.en.noDeadline)
    // The couple's own template keeps its {deadline}, filled with a phrase that reads.
    const own = renderMessage(
      input({
        language: 'en',
        wedding: { ...wedding, rsvpDeadline: null },
        templates: { invitation: { en: 'RSVP {deadline}' } },
      }),
    )
    expect(own.text).toBe('RSVP as soon as you can')
  })

  test("a blank template of the couple's is ours; one language's template leaves the other ours", () => {
    expect(templateFor('invitation', 'fil', { invitation: { fil: '   ', en: 'Own' } }, true)).toBe(
      defaultTemplates.invitation.fil.deadline,
    )
    expect(templateFor('invitation', 'en', { invitation: { fil: '   ', en: 'Own' } }, true)).toBe(
      'Own',
    )
  })

  test('helpers', () => {
    expect(householdNames([{ firstName: 'juan' }], 'fil')).toBe('Juan')
    expect(householdNames([{ firstName: 'Juan' }, { firstName: 'Maria' }], 'en')).toBe(
      'Juan and Maria',
    )
    expect(householdNames([], 'en')).toBe('')
    expect(invitationLink('https://a.ph//', TOKEN)).toBe(`https://a.ph/i/${TOKEN}`)
    expect(printedCode('XYZ23456')).toBe('XYZ2-3456')
    expect(messageDate('2026-02-30', 'en')).toBeNull()
    expect(
      fillTemplate('{names} {names}', {
        names: 'A',
        couple: '',
        link: '',
        code: '',
        date: '',
        deadline: '',
      }),
    ).toBe('A A')
  })
})

describe('channels', () => {
  const message = { text: 'Hi po! https://kasalan.ph/i/ABCD2345 & salamat', subject: 'Imbitasyon' }
  test('Philippine numbers become international for WhatsApp', () => {
    expect(internationalPhone('0917 555 0101')).toBe('639175550101')
    expect(internationalPhone('+63 917-555-0101')).toBe('639175550101')
    expect(internationalPhone('9175550101')).toBe('639175550101')
    expect(internationalPhone('')).toBeNull()
    expect(internationalPhone('12')).toBeNull()
  })

  test('each link carries the whole message, encoded', () => {
    const target = { phone: '0917 555 0101', email: 'lola@example.ph' }
    const encoded = encodeURIComponent(message.text)
    expect(channelHref('sms', target, message)).toBe(`sms:09175550101?&body=${encoded}`)
    expect(channelHref('whatsapp', target, message)).toBe(
      `https://wa.me/639175550101?text=${encoded}`,
    )
    expect(channelHref('viber', target, message)).toBe(`viber://forward?text=${encoded}`)
    expect(channelHref('email', target, message)).toBe(
      `mailto:lola%40example.ph?subject=Imbitasyon&body=${encoded}`,
    )
    expect(channelHref('messenger', target, message)).toBe('https://www.messenger.com/')
    expect(channelHref('copy', target, message)).toBeNull()
  })

  test('SMS and WhatsApp need a phone, e-mail an address', () => {
    const none = { phone: null, email: null }
    expect(channelAvailable('sms', none)).toBe(false)
    expect(channelAvailable('whatsapp', none)).toBe(false)
    expect(channelAvailable('email', none)).toBe(false)
    expect(channelAvailable('viber', none)).toBe(true)
    expect(channelAvailable('copy', none)).toBe(true)
  })
})

describe('follow-up', () => {
  const base: HouseholdInvitation = {
    householdId: 'a',
    code: 'X',
    token: 'T',
    persons: [],
    state: 'not_invited',
    answered: false,
  }
  const households: HouseholdInvitation[] = [
    base,
    {
      ...base,
      householdId: 'recent',
      state: 'invited',
      invitedAt: '2026-11-20T00:00:00Z',
      lastSentAt: '2026-11-20T00:00:00Z',
    },
    {
      ...base,
      householdId: 'old',
      state: 'opened',
      invitedAt: '2026-11-01T00:00:00Z',
      lastSentAt: '2026-11-01T00:00:00Z',
      openedAt: '2026-11-02T00:00:00Z',
    },
    {
      ...base,
      householdId: 'reminded',
      state: 'invited',
      invitedAt: '2026-10-01T00:00:00Z',
      lastSentAt: '2026-11-21T00:00:00Z',
    },
    {
      ...base,
      householdId: 'done',
      state: 'answered',
      answered: true,
      invitedAt: '2026-10-01T00:00:00Z',
      lastSentAt: '2026-10-01T00:00:00Z',
      openedAt: '2026-10-02T00:00:00Z',
    },
  ]

  test('invited households that have not answered, waited on longest first', () => {
    expect(followUpList(households).map((h) => h.householdId)).toEqual([
      'old',
      'recent',
      'reminded',
    ])
  })

  test('counts invited, opened and answered households', () => {
    expect(invitationCounts(households)).toEqual({
      households: 5,
      invited: 4,
      opened: 2,
      answered: 1,
      notInvited: 1,
    })
  })

  test('days to the deadline count Manila days', () => {
    // 23:30 in Manila on the 28th is 15:30 UTC.
    expect(daysToDeadline('2026-11-30', new Date('2026-11-28T15:30:00Z'))).toBe(2)
    expect(daysToDeadline('2026-11-30', new Date('2026-11-30T15:30:00Z'))).toBe(0)
    expect(daysToDeadline('2026-11-30', new Date('2026-11-30T16:30:00Z'))).toBe(-1)
    expect(daysToDeadline(null)).toBeNull()
  })
})
