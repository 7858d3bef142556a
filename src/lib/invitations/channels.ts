// Where each channel's button goes, for invitations, reminders and the gift ledger's thank-yous: a
// link that opens the app with the message ready, or nothing when the channel needs the clipboard
// (Messenger cannot take a message in a link).

import { internationalPhone } from '@/lib/invitations/phone'
import type { Channel as InvitationChannel } from '@/lib/invitations/types'

// Shared with the suppliers' contact links.
export { internationalPhone }

export interface ChannelTarget {
  phone: string | null
  email: string | null
}

/** Whether the household has what the channel needs (a phone for SMS and WhatsApp, an e-mail). */
export function channelAvailable(channel: InvitationChannel, target: ChannelTarget): boolean {
  if (channel === 'sms' || channel === 'whatsapp') return internationalPhone(target.phone) !== null
  if (channel === 'email') return Boolean(target.email)
  return true
}

/** The link that opens the channel with the message; null for copy and share. */
export function channelHref(
  channel: InvitationChannel,
  target: ChannelTarget,
  message: { text: string; subject: string },
): string | null {
  const text = encodeURIComponent(message.text)
  switch (channel) {
    case 'sms': {
      const phone = (target.phone ?? '').replace(/[^\d+]/g, '')
      // "?&body=" is read by both Android's and iOS's messaging apps.
      return `sms:${phone}?&body=${text}`
    }
    case 'whatsapp':
      return `https://wa.me/${internationalPhone(target.phone) ?? ''}?text=${text}`
    case 'viber':
      return `viber://forward?text=${text}`
    case 'messenger':
      // Messenger takes no text in a link: the message is copied first, then pasted in the chat.
      return 'https://www.messenger.com/'
    case 'email':
      return `mailto:${encodeURIComponent(target.email ?? '')}?subject=${encodeURIComponent(message.subject)}&body=${text}`
    default:
      return null
  }
}
