// The stack's mail: every e-mail the auth server or an Edge Function sends lands here instead of
// being delivered, kept in memory and written to a folder as JSON, one file a message, for tests
// and for a developer to click. Edge Functions reach it through a Resend-shaped endpoint
// (https://resend.com/docs/api-reference/emails/send-email: POST /emails, Bearer key, {from, to,
// subject, html, text} → {id}), the provider supabase/functions/send-invitations speaks.

import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface OutboxMessage {
  id: string
  /** Who sent it: 'auth' (sign-up, recovery) or 'function' (an Edge Function's provider call). */
  source: 'auth' | 'function'
  from: string
  to: string[]
  subject: string
  html: string
  text: string
  /** The addresses of the message's links (href="…"), in order. */
  links: string[]
  sentAt: string
}

export interface Outbox {
  dir: string
  messages: OutboxMessage[]
  add(message: Omit<OutboxMessage, 'id' | 'links' | 'sentAt'>): OutboxMessage
  clear(): void
}

const decodeEntities = (value: string) =>
  value
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')

export function createOutbox(dir: string): Outbox {
  mkdirSync(dir, { recursive: true })
  const messages: OutboxMessage[] = []
  return {
    dir,
    messages,
    add(input) {
      const message: OutboxMessage = {
        ...input,
        id: randomUUID(),
        links: [...input.html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]!)),
        sentAt: new Date().toISOString(),
      }
      messages.push(message)
      writeFileSync(
        join(dir, `${message.sentAt.replace(/[:.]/g, '-')}-${message.id}.json`),
        JSON.stringify(message, null, 2),
      )
      return message
    },
    clear() {
      messages.length = 0
    },
  }
}
