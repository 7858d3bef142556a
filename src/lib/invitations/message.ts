// The invitation and reminder messages: the couple's template (or ours) with its placeholders filled
// for one household. Pure functions, shared by the invitations screen and the e-mail preview (and
// the e-mail sender to come).

import { manilaDateTime } from '@/lib/dates'
import { displayCouple, displayName } from '@/lib/names'
import type { Kind as InvitationKind, Templates as InvitationTemplates } from './types'

export type MessageLanguage = 'fil' | 'en'

/** The placeholders a template may use, as the couple types them. */
export const placeholders = ['names', 'couple', 'link', 'code', 'date', 'deadline'] as const
export type Placeholder = (typeof placeholders)[number]

/**
 * Our wording, as a Filipino couple would send it on Messenger or Viber. Each has a form for a
 * wedding with an RSVP deadline and one without, so no message says "reply by" and then nothing.
 */
export const defaultTemplates: Record<
  InvitationKind,
  Record<MessageLanguage, { deadline: string; noDeadline: string }>
> = {
  invitation: {
    fil: {
      deadline:
        'Hi {names}! 💌 Ikakasal na kami sa {date}, at gusto po namin kayong makasama sa espesyal na araw na iyon. Paki-RSVP po bago mag-{deadline} dito: {link}\n(Invitation code: {code})\nSalamat po! — {couple}',
      noDeadline:
        'Hi {names}! 💌 Ikakasal na kami sa {date}, at gusto po namin kayong makasama sa espesyal na araw na iyon. Paki-RSVP po dito: {link}\n(Invitation code: {code})\nSalamat po! — {couple}',
    },
    en: {
      deadline:
        "Hi {names}! 💌 We're getting married on {date} and we'd love to celebrate with you. Please RSVP by {deadline} here: {link}\n(Invitation code: {code})\nThank you! — {couple}",
      noDeadline:
        "Hi {names}! 💌 We're getting married on {date} and we'd love to celebrate with you. Please RSVP here: {link}\n(Invitation code: {code})\nThank you! — {couple}",
    },
  },
  reminder: {
    fil: {
      deadline:
        'Hi {names}! Friendly reminder lang po 😊 Hinihintay pa namin ang sagot ninyo para sa kasal namin sa {date}. Paki-RSVP po bago mag-{deadline}, isang click lang: {link}\n(Invitation code: {code})\nSalamat po! — {couple}',
      noDeadline:
        'Hi {names}! Friendly reminder lang po 😊 Hinihintay pa namin ang sagot ninyo para sa kasal namin sa {date}. Paki-RSVP po, isang click lang: {link}\n(Invitation code: {code})\nSalamat po! — {couple}',
    },
    en: {
      deadline:
        "Hi {names}! Just a friendly reminder 😊 We haven't heard from you yet about our wedding on {date}. Please RSVP by {deadline}, it takes a minute: {link}\n(Invitation code: {code})\nThank you! — {couple}",
      noDeadline:
        "Hi {names}! Just a friendly reminder 😊 We haven't heard from you yet about our wedding on {date}. Please RSVP, it takes a minute: {link}\n(Invitation code: {code})\nThank you! — {couple}",
    },
  },
}

/** The e-mail's subject line. */
const subjects: Record<InvitationKind, Record<MessageLanguage, string>> = {
  invitation: {
    fil: 'Imbitasyon sa kasal nina {couple}',
    en: "You're invited to {couple}'s wedding",
  },
  reminder: {
    fil: 'Paalala: RSVP para sa kasal nina {couple}',
    en: "Reminder: RSVP for {couple}'s wedding",
  },
}

/** What fills a placeholder when the wedding has no date or deadline yet. */
const missing: Record<MessageLanguage, { date: string; deadline: string }> = {
  fil: { date: '(petsang ibabalita pa)', deadline: 'sa lalong madaling panahon' },
  en: { date: '(date to follow)', deadline: 'as soon as you can' },
}

const and: Record<MessageLanguage, string> = { fil: 'at', en: 'and' }

const dayjsLocale: Record<MessageLanguage, string> = { fil: 'tl-ph', en: 'en' }

/**
 * "12 Disyembre 2025" / "12 December 2025", as the wedding's site writes a date, or null for no
 * (or an invalid) date.
 */
export function messageDate(
  date: string | null | undefined,
  language: MessageLanguage,
): string | null {
  const value = manilaDateTime(date)
  return value ? value.locale(dayjsLocale[language]).format('D MMMM YYYY') : null
}

/** "Pacing", "Pacing at Ben", "Pacing, Ben at Niño": the household's first names as a greeting. */
export function householdNames(
  persons: ReadonlyArray<{ firstName: string }>,
  language: MessageLanguage,
): string {
  const names = persons.map((person) => displayName(person.firstName)).filter(Boolean)
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} ${and[language]} ${names[names.length - 1]}`
}

/** The household's personal link: `/i/<token>` on this site (the token, not the printed code). */
export function invitationLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/i/${token}`
}

/** "ABCD-EFGH": a code as it is printed and read aloud, in two halves. */
export function printedCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code
}

/**
 * Replaces every `{placeholder}` it has a value for; unknown braces are left as the couple typed
 * them. The one composer of the couple's messages: invitations, reminders and thank-yous.
 */
export function fillTemplate<Name extends string>(
  template: string,
  values: Readonly<Record<Name, string>>,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as Name] : whole,
  )
}

export interface MessageWedding {
  bride: { firstName?: string | null }
  groom: { firstName?: string | null }
  date: string | null
  rsvpDeadline: string | null
}

export interface MessageInput {
  kind: InvitationKind
  language: MessageLanguage
  templates: InvitationTemplates
  wedding: MessageWedding
  household: { code: string; token: string; persons: ReadonlyArray<{ firstName: string }> }
  origin: string
}

/** The template the couple saved for this kind and language, else ours. */
export function templateFor(
  kind: InvitationKind,
  language: MessageLanguage,
  templates: InvitationTemplates,
  hasDeadline: boolean,
) {
  const own = templates[kind]?.[language]?.trim()
  if (own) return own
  const ours = defaultTemplates[kind][language]
  return hasDeadline ? ours.deadline : ours.noDeadline
}

/** One household's message, its e-mail subject and its link. */
export function renderMessage({
  kind,
  language,
  templates,
  wedding,
  household,
  origin,
}: MessageInput) {
  const deadline = messageDate(wedding.rsvpDeadline, language)
  const link = invitationLink(origin, household.token)
  const values: Record<Placeholder, string> = {
    names: householdNames(household.persons, language),
    couple: displayCouple(wedding.bride, wedding.groom, and[language]),
    link,
    code: printedCode(household.code),
    date: messageDate(wedding.date, language) ?? missing[language].date,
    deadline: deadline ?? missing[language].deadline,
  }
  return {
    text: fillTemplate(templateFor(kind, language, templates, deadline !== null), values),
    subject: fillTemplate(subjects[kind][language], values),
    link,
  }
}

/**
 * A reminder for one event (a despedida, the ceremony) when events take their own RSVPs: it names
 * the event, its day and its own deadline. Ours only: the couple's reminder speaks of the wedding.
 */
export const eventReminderTemplates: Record<
  MessageLanguage,
  { deadline: string; noDeadline: string }
> = {
  fil: {
    deadline:
      'Hi {names}! Friendly reminder lang po 😊 Hinihintay pa namin ang sagot ninyo para sa {event} sa {eventDate}. Paki-RSVP po bago mag-{deadline}, isang click lang: {link}\n(Invitation code: {code})\nSalamat po! — {couple}',
    noDeadline:
      'Hi {names}! Friendly reminder lang po 😊 Hinihintay pa namin ang sagot ninyo para sa {event} sa {eventDate}. Paki-RSVP po, isang click lang: {link}\n(Invitation code: {code})\nSalamat po! — {couple}',
  },
  en: {
    deadline:
      "Hi {names}! Just a friendly reminder 😊 We haven't heard from you yet about the {event} on {eventDate}. Please RSVP by {deadline}, it takes a minute: {link}\n(Invitation code: {code})\nThank you! — {couple}",
    noDeadline:
      "Hi {names}! Just a friendly reminder 😊 We haven't heard from you yet about the {event} on {eventDate}. Please RSVP, it takes a minute: {link}\n(Invitation code: {code})\nThank you! — {couple}",
  },
}

const eventSubjects: Record<MessageLanguage, string> = {
  fil: 'Paalala: RSVP para sa {event} nina {couple}',
  en: "Reminder: RSVP for {couple}'s {event}",
}

/** The event a reminder is for: its name, day and deadline (the wedding's when it has none of its own). */
export interface MessageEvent {
  name: string
  date: string | null
  deadline: string | null
}

/** One household's reminder for one event, its e-mail subject and its link. */
export function renderEventReminder(
  input: Omit<MessageInput, 'kind' | 'templates'> & { event: MessageEvent },
) {
  const { language, wedding, household, origin, event } = input
  const deadline = messageDate(event.deadline, language)
  const link = invitationLink(origin, household.token)
  const values: Record<Placeholder, string> = {
    names: householdNames(household.persons, language),
    couple: displayCouple(wedding.bride, wedding.groom, and[language]),
    link,
    code: printedCode(household.code),
    date: messageDate(wedding.date, language) ?? missing[language].date,
    deadline: deadline ?? missing[language].deadline,
  }
  // The event's name goes in last, so braces in it are never read as placeholders.
  const eventValues = (text: string) =>
    text
      .replaceAll(
        '{eventDate}',
        messageDate(event.date ?? wedding.date, language) ?? missing[language].date,
      )
      .replaceAll('{event}', event.name)
  return {
    text: eventValues(
      fillTemplate(eventReminderTemplates[language][deadline ? 'deadline' : 'noDeadline'], values),
    ),
    subject: eventValues(fillTemplate(eventSubjects[language], values)),
    link,
  }
}
