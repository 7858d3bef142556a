// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { renderInvitationEmail } from '@/features/email/model/invitation-email'

const input = {
  kind: 'invitation' as const,
  language: 'fil' as const,
  wedding: {
    bride: { firstName: 'Isabel' },
    groom: { firstName: 'Miguel' },
    date: '2026-12-12',
    rsvpDeadline: '2026-10-12',
    venue: 'Baguio',
  },
  templates: {},
  household: {
    code: 'ABCD2345',
    token: 'q7Xw-2mR_vK9bLp4ZtYc8A',
    persons: [{ firstName: 'Niño' }, { firstName: 'Ma. Cristina' }],
  },
  origin: 'https://kasalan.ph',
}

describe('invitation e-mail', () => {
  test('carries the message, the subject and a button to the household link, in Filipino and English', () => {
    const fil = renderInvitationEmail(input)
    expect(fil.subject).toBe('Imbitasyon sa kasal nina Isabel at Miguel')
    expect(fil.text).toContain('Hi Niño at Ma. Cristina!')
    expect(fil.html).toContain('href="https://kasalan.ph/i/q7Xw-2mR_vK9bLp4ZtYc8A"')
    expect(fil.html).toContain('Sagutin ang RSVP')
    const en = renderInvitationEmail({ ...input, kind: 'reminder', language: 'en' })
    expect(en.subject).toBe("Reminder: RSVP for Isabel and Miguel's wedding")
    expect(en.html).toContain('Answer the RSVP')
    expect(en.html).toContain('>Reminder<')
  })

  test("escapes the couple's template and writes no button for a link that is not http(s)", () => {
    const own = renderInvitationEmail({
      ...input,
      templates: { invitation: { fil: '<script>alert(1)</script> {link}' } },
    })
    expect(own.html).not.toContain('<script>')
    expect(own.html).toContain('&lt;script&gt;')
    const odd = renderInvitationEmail({ ...input, origin: 'javascript:alert(1)//' })
    expect(odd.html).not.toContain('href="javascript')
  })
})
