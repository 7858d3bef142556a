/**
 * The invitation and reminder e-mails: the couple's message (their template, or ours, filled for
 * one household) inside the same frame as the confirmation e-mail, with a button to the household's
 * own link. Pure, like rsvp-email.ts, so the preview and a sender run the same code. Every value is
 * escaped; the button is written only for an http(s) link.
 */
import { renderMessage, type MessageWedding } from '@/lib/invitations/message'
import type { Kind, Templates } from '@/lib/invitations/types'
import { displayCouple } from '@/lib/names'
import enStrings from '@/locales/en/email.json' with { type: 'json' }
import filStrings from '@/locales/fil/email.json' with { type: 'json' }
import { emailDate, escapeHtml, type EmailLanguage, type RenderedEmail } from './rsvp-email'

const strings = { fil: filStrings.invitation, en: enStrings.invitation }
const colors = {
  ink: '#27352b',
  soft: '#5b6a5f',
  accent: '#7b4f25',
  line: '#e6e1d6',
  bg: '#fbf8f2',
  card: '#ffffff',
}

/** The venue (and city) the site's home section names, for an e-mail's heading; null if none. */
export function venueFromSections(
  sections: ReadonlyArray<{ type: string; data?: unknown }>,
): string | null {
  const home = sections.find((section) => section.type === 'home')?.data as
    { wedding?: { location?: { venue?: unknown; city?: unknown } } } | undefined
  const location = home?.wedding?.location
  const venue = [location?.venue, location?.city].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  )
  return venue.join(', ') || null
}

export interface RenderInvitationEmailInput {
  kind: Kind
  language: EmailLanguage
  wedding: MessageWedding & { venue?: string | null }
  templates: Templates
  household: { code: string; token: string; persons: ReadonlyArray<{ firstName: string }> }
  /** The site's address, for the household's `/i/<token>` link. */
  origin: string
}

export function renderInvitationEmail({
  kind,
  language,
  wedding,
  templates,
  household,
  origin,
}: RenderInvitationEmailInput): RenderedEmail {
  const s = strings[language]
  const message = renderMessage({ kind, language, templates, wedding, household, origin })
  const couple = displayCouple(wedding.bride, wedding.groom, language === 'fil' ? 'at' : 'and')
  const when = [emailDate(wedding.date, language), wedding.venue?.trim()]
    .filter(Boolean)
    .join(' · ')
  const link = /^https?:\/\/[^\s"'<>]+$/i.test(message.link) ? message.link : null
  const e = escapeHtml

  const text = [message.text, '', s.footer].join('\n')
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(message.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${colors.bg};color:${colors.ink};font-family:Georgia,'Times New Roman',serif">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.bg}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${colors.card};border:1px solid ${colors.line};border-radius:8px">`,
    `<tr><td style="padding:28px 28px 8px;text-align:center">`,
    `<div style="font-family:Arial,sans-serif;font-size:12px;letter-spacing:3px;text-transform:uppercase;color:${colors.accent}">${e(kind === 'invitation' ? s.label : s.reminderLabel)}</div>`,
    `<h1 style="margin:8px 0 0;font-size:28px;font-weight:normal">${e(couple)}</h1>`,
    when
      ? `<p style="margin:6px 0 0;font-family:Arial,sans-serif;font-size:14px;color:${colors.soft}">${e(when)}</p>`
      : '',
    `</td></tr>`,
    `<tr><td style="padding:16px 28px 8px;font-family:Arial,sans-serif;font-size:15px;line-height:1.6">`,
    `<p style="margin:0;white-space:pre-line">${e(message.text)}</p>`,
    link
      ? `<p style="margin:24px 0 0;text-align:center"><a href="${e(link)}" style="display:inline-block;padding:12px 22px;border-radius:6px;background:${colors.accent};color:#ffffff;text-decoration:none;font-weight:bold">${e(s.button)}</a></p>`
      : '',
    `</td></tr>`,
    `<tr><td style="padding:16px 28px 24px;font-family:Arial,sans-serif;font-size:12px;color:${colors.soft};text-align:center">${e(s.footer)}</td></tr>`,
    `</table></td></tr></table></body></html>`,
  ].join('')

  return { subject: message.subject, html, text }
}
