/** A Philippine mobile number in international form without "+": "0917 555 0101" → "639175550101". */
export function internationalPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '')
  if (/^09\d{9}$/.test(digits)) return `63${digits.slice(1)}`
  if (/^9\d{9}$/.test(digits)) return `63${digits}`
  if (/^\d{8,15}$/.test(digits)) return digits
  return null
}
