/**
 * The RSVP confirmation e-mail: the one template that both the preview and a future sender use.
 * Pure — no React, no i18next — so a server-side sender can run it as is. Its words live in the
 * e-mail namespace's `template` block (src/locales/<language>/email.json); every value put into the
 * HTML is escaped, and only http(s) links are ever written.
 */
import { messengerLabel, messengerUrl, namesAreSeveral } from '@/lib/contact'
import { displayCouple, displayFullName, displayName } from '@/lib/names'
import enStrings from '@/locales/en/email.json' with { type: 'json' }
import filStrings from '@/locales/fil/email.json' with { type: 'json' }

export type EmailLanguage = 'fil' | 'en'

export interface EmailWedding {
  bride: { firstName: string; lastName?: string | null }
  groom: { firstName: string; lastName?: string | null }
  /** `YYYY-MM-DD` or null while undecided. */
  date: string | null
  rsvpDeadline: string | null
  venue?: string | null
  contact: {
    email?: string | null
    phone?: string | null
    names?: string | null
    messenger?: string | null
  }
}

export interface EmailPerson {
  firstName: string
  lastName?: string | null
  isAttending: boolean | null
  response: ReadonlyArray<{ question: string; answer: string }>
}

export interface EmailHousehold {
  persons: readonly EmailPerson[]
  message?: string | null
}

export interface RenderRsvpEmailInput {
  wedding: EmailWedding
  household: EmailHousehold
  language: EmailLanguage
  /** The household's RSVP page, where the answers can be changed. */
  rsvpUrl?: string | null
}

export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

type TemplateStrings = typeof filStrings.template
const templates: Record<EmailLanguage, TemplateStrings> = {
  fil: filStrings.template,
  en: enStrings.template,
}

const months: Record<EmailLanguage, string[]> = {
  fil: [
    'Enero',
    'Pebrero',
    'Marso',
    'Abril',
    'Mayo',
    'Hunyo',
    'Hulyo',
    'Agosto',
    'Setyembre',
    'Oktubre',
    'Nobyembre',
    'Disyembre',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
}

/** Text made safe to place in HTML, in element content and in quoted attributes alike. */
export function escapeHtml(value: string) {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** "{{name}}" placeholders filled in; values are used as given (escape before, for HTML). */
function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')
}

/** "12 Disyembre 2027" from "2027-12-12"; '' for anything else. */
export function emailDate(date: string | null | undefined, language: EmailLanguage) {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null
  if (!match) return ''
  const month = months[language][Number(match[2]) - 1]
  return month ? `${Number(match[3])} ${month} ${match[1]}` : ''
}

const emailAddress = /^[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+$/

function safeUrl(url: string | null | undefined) {
  return url && /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : null
}

const personName = (person: { firstName: string; lastName?: string | null }) =>
  displayFullName(person)

/** A person's answers that say something (older replies may hold blank ones). */
const answered = (person: EmailPerson) =>
  person.response.filter((answer) => answer.answer.trim() !== '')

function listNames(names: string[], and: string) {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`
}

const colors = {
  ink: '#27352b',
  soft: '#5b6a5f',
  accent: '#7b4f25',
  line: '#e6e1d6',
  bg: '#fbf8f2',
  card: '#ffffff',
}

/** The confirmation e-mail for one household's answers, in Filipino or English. */
export function renderRsvpEmail({
  wedding,
  household,
  language,
  rsvpUrl,
}: RenderRsvpEmailInput): RenderedEmail {
  const s = templates[language]
  const couple = displayCouple(wedding.bride, wedding.groom, s.and)
  const greetingNames = listNames(
    household.persons.map((person) => displayName(person.firstName)),
    s.and,
  )
  const date = emailDate(wedding.date, language)
  const deadline = emailDate(wedding.rsvpDeadline, language)
  const link = safeUrl(rsvpUrl)
  const contactNames = wedding.contact.names?.trim() || couple
  // One person named ("Tita Carmen") is "kay", more than one or the couple "kina".
  const questions = fill(
    wedding.contact.names?.trim() && !namesAreSeveral(contactNames) ? s.questionsOne : s.questions,
    { names: contactNames },
  )
  const messenger = messengerUrl(wedding.contact.messenger)
  const anyoneComing = household.persons.some((person) => person.isAttending)
  const message = household.message?.trim() || ''

  const subject = fill(s.subject, { couple })
  const status = (person: EmailPerson) =>
    person.isAttending === true
      ? s.attending
      : person.isAttending === false
        ? s.notAttending
        : s.pending
  const when = [date, wedding.venue?.trim()].filter(Boolean).join(' · ')

  // ---- Plain text ----
  const textLines = [
    fill(s.greeting, { names: greetingNames }),
    '',
    fill(s.intro, { couple }),
    '',
    ...household.persons.flatMap((person) => [
      `• ${personName(person)}: ${status(person)}`,
      ...(person.isAttending
        ? answered(person).map((answer) => `    ${answer.question} ${answer.answer}`)
        : []),
    ]),
    ...(message ? ['', s.yourMessage, message] : []),
    '',
    ...(when ? [anyoneComing ? fill(s.seeYou, { when }) : fill(s.weddingOn, { when }), ''] : []),
    ...(link ? [deadline ? fill(s.changeUntil, { date: deadline }) : s.change, link, ''] : []),
    questions,
    ...[wedding.contact.email, wedding.contact.phone, messenger].filter((value): value is string =>
      Boolean(value?.trim()),
    ),
    '',
    fill(s.signature, { couple }),
    '',
    s.footer,
  ]
  const text = textLines.join('\n')

  // ---- HTML ----
  const e = escapeHtml
  const personRows = household.persons
    .map((person) => {
      const badge =
        person.isAttending === true
          ? 'background:#e3f1e6;color:#1d5b2c'
          : person.isAttending === false
            ? 'background:#f5e4e1;color:#8a2c1d'
            : `background:${colors.bg};color:${colors.soft}`
      const answers = person.isAttending
        ? answered(person)
            .map(
              (answer) =>
                `<div style="margin-top:4px;font-size:14px;color:${colors.soft}">${e(answer.question)} <strong style="color:${colors.ink}">${e(answer.answer)}</strong></div>`,
            )
            .join('')
        : ''
      return (
        `<tr><td style="padding:12px 0;border-top:1px solid ${colors.line}">` +
        `<strong style="font-size:16px">${e(personName(person))}</strong> ` +
        `<span style="display:inline-block;padding:2px 10px;border-radius:999px;font-size:13px;font-weight:bold;${badge}">${e(status(person))}</span>` +
        answers +
        `</td></tr>`
      )
    })
    .join('')

  const contactEmail = wedding.contact.email?.trim() ?? ''
  const contactLines = [
    emailAddress.test(contactEmail)
      ? `<a href="mailto:${e(contactEmail)}" style="color:${colors.accent}">${e(contactEmail)}</a>`
      : e(contactEmail),
    wedding.contact.phone?.trim() ? e(wedding.contact.phone.trim()) : '',
    messenger
      ? `<a href="${e(messenger)}" style="color:${colors.accent}">${e(messengerLabel(messenger))}</a>`
      : '',
  ].filter(Boolean)

  const html = [
    '<!doctype html>',
    `<html lang="${language === 'fil' ? 'fil' : 'en'}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${colors.bg};color:${colors.ink};font-family:Georgia,'Times New Roman',serif">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.bg}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${colors.card};border:1px solid ${colors.line};border-radius:8px">`,
    `<tr><td style="padding:28px 28px 8px;text-align:center">`,
    `<div style="font-family:Arial,sans-serif;font-size:12px;letter-spacing:3px;text-transform:uppercase;color:${colors.accent}">RSVP</div>`,
    `<h1 style="margin:8px 0 0;font-size:28px;font-weight:normal">${e(couple)}</h1>`,
    when
      ? `<p style="margin:6px 0 0;font-family:Arial,sans-serif;font-size:14px;color:${colors.soft}">${e(when)}</p>`
      : '',
    `</td></tr>`,
    `<tr><td style="padding:16px 28px 8px;font-family:Arial,sans-serif;font-size:15px;line-height:1.6">`,
    `<p style="margin:0 0 12px">${e(fill(s.greeting, { names: greetingNames }))}</p>`,
    `<p style="margin:0 0 8px">${e(fill(s.intro, { couple }))}</p>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${personRows}</table>`,
    message
      ? `<div style="margin-top:16px;padding:12px 14px;background:${colors.bg};border-radius:6px"><div style="font-size:13px;color:${colors.soft}">${e(s.yourMessage)}</div><div style="white-space:pre-line">${e(message)}</div></div>`
      : '',
    when
      ? `<p style="margin:20px 0 0">${e(anyoneComing ? fill(s.seeYou, { when }) : fill(s.weddingOn, { when }))}</p>`
      : '',
    link
      ? `<p style="margin:20px 0 0;text-align:center"><a href="${e(link)}" style="display:inline-block;padding:12px 22px;border-radius:6px;background:${colors.accent};color:#ffffff;text-decoration:none;font-weight:bold">${e(s.changeButton)}</a></p>` +
        `<p style="margin:8px 0 0;text-align:center;font-size:13px;color:${colors.soft}">${e(deadline ? fill(s.changeUntil, { date: deadline }) : s.change)}</p>`
      : '',
    `<p style="margin:24px 0 0">${e(questions)}${contactLines.length ? `<br>${contactLines.join('<br>')}` : ''}</p>`,
    `<p style="margin:20px 0 0">${e(fill(s.signature, { couple }))}</p>`,
    `</td></tr>`,
    `<tr><td style="padding:16px 28px 24px;font-family:Arial,sans-serif;font-size:12px;color:${colors.soft};text-align:center">${e(s.footer)}</td></tr>`,
    `</table></td></tr></table></body></html>`,
  ].join('')

  return { subject, html, text }
}
