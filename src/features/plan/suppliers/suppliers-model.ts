// A supplier's contact links, as the invitations screen builds a household's: a call and Viber by
// phone, Messenger by the page or account name.
import { internationalPhone } from '@/lib/invitations/phone'

export interface ContactLinks {
  call: string | null
  viber: string | null
  messenger: string | null
}

/** "studioliwanag", "m.me/studioliwanag" or a Facebook or Messenger address: the chat's address. */
export function messengerHref(messenger: string | null): string | null {
  const value = (messenger ?? '').trim()
  if (!value) return null
  const address = /^(https?:\/\/)?(www\.)?(m\.me|facebook\.com|fb\.com|messenger\.com)\//i.exec(
    value,
  )
  if (address) {
    const path = value
      .slice(address[0].length)
      .replace(/^t\//i, '')
      .split(/[?#]/)[0]!
      .replace(/\/+$/, '')
    return path ? `https://m.me/${encodeURIComponent(path)}` : null
  }
  const name = value.replace(/^@/, '')
  return /^[\w.-]+$/.test(name) ? `https://m.me/${name}` : null
}

export function contactLinks(supplier: {
  phone: string | null
  messenger: string | null
}): ContactLinks {
  const international = internationalPhone(supplier.phone)
  return {
    call: international ? `tel:+${international}` : null,
    viber: international ? `viber://chat?number=%2B${international}` : null,
    messenger: messengerHref(supplier.messenger),
  }
}
