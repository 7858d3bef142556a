// @vitest-environment node
// The RSVP confirmation e-mail template: what a future sender will send.
import { describe, expect, test } from 'vitest'
import {
  emailDate,
  escapeHtml,
  renderRsvpEmail,
  type EmailWedding,
} from '@/features/email/model/rsvp-email'

const wedding: EmailWedding = {
  bride: { firstName: 'Isabel', lastName: 'Dela Cruz' },
  groom: { firstName: 'Miguel', lastName: 'Santos' },
  date: '2027-12-12',
  rsvpDeadline: '2027-10-12',
  venue: 'Hardin ng Pinagpala, Baguio City',
  contact: {
    email: 'isabelatmiguel@example.com',
    phone: '+63 917 555 0142',
    names: 'Isabel at Miguel',
  },
}

const household = {
  persons: [
    {
      firstName: 'Ma. Cristina',
      lastName: 'dela Cruz Peña',
      isAttending: true,
      response: [{ question: 'Anong ulam?', answer: 'Kare-kare' }],
    },
    {
      firstName: 'Rodrigo',
      lastName: 'Peña',
      isAttending: false,
      response: [{ question: 'Anong ulam?', answer: 'hidden' }],
    },
    { firstName: 'Bea', lastName: 'Peña', isAttending: null, response: [] },
  ],
  message: 'Excited na kami!',
}

const rsvpUrl = 'https://kasalan.ph/wedding/isabel-and-miguel/rsvp/g/p'

describe('renderRsvpEmail', () => {
  test('Filipino: subject, each person with their reply and answers, the message, the change link and the contact', () => {
    const { subject, html, text } = renderRsvpEmail({
      wedding,
      household,
      language: 'fil',
      rsvpUrl,
    })
    expect(subject).toBe('Natanggap namin ang inyong RSVP — Kasal nina Isabel at Miguel')
    expect(text).toContain('Mahal na Ma. Cristina, Rodrigo at Bea,')
    expect(text).toContain('• Ma. Cristina dela Cruz Peña: Dadalo')
    expect(text).toContain('    Anong ulam? Kare-kare')
    expect(text).toContain('• Rodrigo Peña: Hindi makakadalo')
    expect(text).not.toContain('hidden')
    expect(text).toContain('• Bea Peña: Wala pang sagot')
    expect(text).toContain('Excited na kami!')
    expect(text).toContain(
      'Magkita-kita tayo: 12 Disyembre 2027 · Hardin ng Pinagpala, Baguio City.',
    )
    expect(text).toContain('Maaari ninyong baguhin ang sagot hanggang 12 Oktubre 2027.')
    expect(text).toContain(rsvpUrl)
    expect(text).toContain('isabelatmiguel@example.com')
    expect(html).toMatch(/^<!doctype html><html lang="fil">/)
    expect(html).toContain(`href="${rsvpUrl}"`)
    expect(html).toContain('Dadalo')
    expect(html).toContain('href="mailto:isabelatmiguel@example.com"')
  })

  test('the Messenger link the Details form promised is in the e-mail, and one person named is "kay", not "kina"', () => {
    const withMessenger = {
      ...wedding,
      contact: {
        ...wedding.contact,
        names: 'Tita Carmen',
        messenger: 'https://m.me/isabelatmiguel',
      },
    }
    const { html, text } = renderRsvpEmail({
      wedding: withMessenger,
      household,
      language: 'fil',
      rsvpUrl,
    })
    expect(text).toContain('May tanong? Makipag-ugnayan kay Tita Carmen:')
    expect(text).toContain('https://m.me/isabelatmiguel')
    expect(html).toContain(
      '<a href="https://m.me/isabelatmiguel" style="color:#7b4f25">m.me/isabelatmiguel</a>',
    )
    // Named as a couple, "kina"; a link that is not Facebook's or Messenger's is never written.
    const couple = {
      ...wedding,
      contact: { ...wedding.contact, messenger: 'https://example.com/x' },
    }
    const plain = renderRsvpEmail({ wedding: couple, household, language: 'fil', rsvpUrl })
    expect(plain.text).toContain('May tanong? Makipag-ugnayan kina Isabel at Miguel:')
    expect(plain.html).not.toContain('example.com/x')
  })

  test('English is available', () => {
    const { subject, text, html } = renderRsvpEmail({ wedding, household, language: 'en', rsvpUrl })
    expect(subject).toBe("We received your RSVP — Isabel and Miguel's wedding")
    expect(text).toContain('Dear Ma. Cristina, Rodrigo and Bea,')
    expect(text).toContain('• Rodrigo Peña: Not attending')
    expect(text).toContain('You can change your reply until 12 October 2027.')
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('We received your RSVP — Isabel and Miguel&#39;s wedding')
  })

  test('every piece of user text is escaped in the HTML', () => {
    const evil = '<script>alert("x")</script>'
    const { html, subject } = renderRsvpEmail({
      wedding: {
        ...wedding,
        bride: { firstName: `<b>Isa</b>` },
        venue: `<img src=x onerror=alert(1)>`,
        contact: { email: `"><script>1</script>`, phone: `<i>0917</i>`, names: `<u>Kami</u>` },
      },
      household: {
        persons: [
          {
            firstName: evil,
            lastName: `O'Brien & Co`,
            isAttending: true,
            response: [{ question: `<q>Ulam?</q>`, answer: `<a href="javascript:x">Kare</a>` }],
          },
        ],
        message: `<iframe src="https://evil.example"></iframe>`,
      },
      language: 'fil',
      rsvpUrl,
    })
    expect(subject).toContain('<b>Isa</b>') // the subject is plain text, not HTML
    for (const raw of [
      '<script',
      '<b>',
      '<img',
      '<iframe',
      '<q>',
      '<a href="javascript',
      '<i>',
      '<u>',
      '"><script',
    ]) {
      expect(html, raw).not.toContain(raw)
    }
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('O&#39;Brien &amp; Co')
    expect(html).toContain('&lt;iframe src=&quot;https://evil.example&quot;&gt;&lt;/iframe&gt;')
    // Something that is not an e-mail address is shown, never linked.
    expect(html).not.toContain('mailto:')
    expect(html).toContain('&quot;&gt;&lt;script&gt;1&lt;/script&gt;')
  })

  test('only an http(s) link to the RSVP is written', () => {
    for (const bad of [
      'javascript:alert(1)',
      'https://x.example/" onclick="y',
      'data:text/html,hi',
      null,
    ]) {
      const { html, text } = renderRsvpEmail({ wedding, household, language: 'en', rsvpUrl: bad })
      expect(html).not.toContain('Change my reply</a>')
      expect(html).not.toContain('javascript:')
      expect(text).not.toContain('Change')
    }
  })

  test('without a date, deadline or contact the e-mail still reads well', () => {
    const { text, html } = renderRsvpEmail({
      wedding: { ...wedding, date: null, rsvpDeadline: null, venue: null, contact: {} },
      household: {
        persons: [
          {
            ...household.persons[0]!,
            response: [
              ...household.persons[0]!.response,
              { question: 'Anong kanta?', answer: '  ' },
            ],
          },
        ],
      },
      language: 'fil',
      rsvpUrl,
    })
    expect(text).toContain('Mahal na Ma. Cristina,')
    expect(text).toContain('Maaari ninyong baguhin ang sagot anumang oras.')
    expect(text).toContain('May tanong? Makipag-ugnayan kina Isabel at Miguel:')
    expect(text).not.toContain('Magkita-kita')
    // A blank answer is not an answer.
    expect(text).not.toContain('Anong kanta?')
    expect(html).not.toContain('Anong kanta?')
    expect(html).not.toContain('undefined')
    expect(html).not.toContain('null')
  })
})

describe('helpers', () => {
  test('escapeHtml escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    )
  })

  test('emailDate in both languages, and nothing for a bad date', () => {
    expect(emailDate('2027-12-12', 'fil')).toBe('12 Disyembre 2027')
    expect(emailDate('2027-01-05', 'en')).toBe('5 January 2027')
    expect(emailDate('2027-13-05', 'en')).toBe('')
    expect(emailDate(null, 'en')).toBe('')
  })
})
