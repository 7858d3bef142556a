import type { InvitationChannel } from '@/lib/api/invitations'
import { channelHref, type ChannelTarget } from './channels'

export type SendOutcome = 'sent' | 'copied' | 'failed' | 'cancelled'

/**
 * Hands the message to a channel: the clipboard, the phone's share sheet, or the app's own link.
 * Messenger takes no text in a link, so its message is copied first and the chat opened. Only an
 * outcome of 'sent' or 'copied' is recorded as a send.
 */
export async function sendThrough(
  channel: InvitationChannel,
  target: ChannelTarget,
  message: { text: string; subject: string },
): Promise<SendOutcome> {
  if (channel === 'share') {
    if (!navigator.share) return 'failed'
    try {
      await navigator.share({ text: message.text })
      return 'sent'
    } catch (error) {
      return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed'
    }
  }
  if (channel === 'copy' || channel === 'messenger') {
    try {
      await navigator.clipboard.writeText(message.text)
    } catch {
      return 'failed'
    }
    if (channel === 'copy') return 'copied'
  }
  const href = channelHref(channel, target, message)
  if (!href) return 'failed'
  if (href.startsWith('https:')) window.open(href, '_blank', 'noopener')
  else window.location.href = href
  return channel === 'messenger' ? 'copied' : 'sent'
}

/** Whether this browser has a share sheet (phones; few desktop browsers). */
export const canShare = () =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function'
