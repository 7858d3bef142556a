// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { parsePercent } from '@/features/plan/budget/budget-model'
import { formatPesos, parsePesos, pesosText } from '@/features/plan/pesos'
import { contactLinks, messengerHref } from '@/features/plan/suppliers/suppliers-model'

describe('pesos as Filipinos write them', () => {
  test('centavos are shown with the peso sign, thousands commas and two decimals', () => {
    expect(formatPesos(37_500_000)).toBe('₱375,000.00')
    expect(formatPesos(46_200_000)).toBe('₱462,000.00')
    expect(formatPesos(123_456)).toBe('₱1,234.56')
    expect(formatPesos(0)).toBe('₱0.00')
  })

  test('what a couple types is read in centavos; an empty field is no amount', () => {
    expect(parsePesos('2500')).toEqual({ ok: true, value: 250_000 })
    expect(parsePesos('2,500')).toEqual({ ok: true, value: 250_000 })
    expect(parsePesos('₱ 2,500.5')).toEqual({ ok: true, value: 250_050 })
    expect(parsePesos('375,000.00')).toEqual({ ok: true, value: 37_500_000 })
    expect(parsePesos('0.07')).toEqual({ ok: true, value: 7 })
    expect(parsePesos('PHP 1,000')).toEqual({ ok: true, value: 100_000 })
    expect(parsePesos('p500')).toEqual({ ok: true, value: 50_000 })
    expect(parsePesos('  ')).toEqual({ ok: true, value: null })
  })

  test('letters, negatives, three decimals, misplaced commas and more than a billion are refused', () => {
    for (const text of [
      'abc',
      '-500',
      '2500.505',
      '25,00',
      '1,0000',
      '2500 pesos',
      '1000000000.01',
      '₱',
      'PHP',
    ]) {
      expect(parsePesos(text), text).toEqual({ ok: false })
    }
    expect(parsePesos('1000000000')).toEqual({ ok: true, value: 100_000_000_000 })
  })

  test('an amount field shows what was saved the way it is typed back', () => {
    expect(pesosText(250_000)).toBe('2500')
    expect(pesosText(250_050)).toBe('2500.50')
    expect(pesosText(7)).toBe('0.07')
    expect(pesosText(null)).toBe('')
    for (const centavos of [1, 99, 100, 250_050, 46_200_000])
      expect(parsePesos(pesosText(centavos))).toEqual({ ok: true, value: centavos })
  })

  test('a percentage is from 0.01 to 100', () => {
    expect(parsePercent('50')).toEqual({ ok: true, value: 50 })
    expect(parsePercent('12.5 %')).toEqual({ ok: true, value: 12.5 })
    for (const text of ['0', '100.01', '', 'half', '-5'])
      expect(parsePercent(text), text).toEqual({ ok: false })
  })
})

describe("a supplier's contact links", () => {
  test('a Philippine mobile number calls and opens Viber in international form', () => {
    expect(contactLinks({ phone: '0917 555 0101', messenger: null })).toEqual({
      call: 'tel:+639175550101',
      viber: 'viber://chat?number=%2B639175550101',
      messenger: null,
    })
    expect(contactLinks({ phone: '12', messenger: null })).toEqual({
      call: null,
      viber: null,
      messenger: null,
    })
  })

  test('Messenger from a name, an @name or an address', () => {
    expect(messengerHref('studioliwanag')).toBe('https://m.me/studioliwanag')
    expect(messengerHref('@studio.liwanag')).toBe('https://m.me/studio.liwanag')
    expect(messengerHref('https://m.me/studioliwanag')).toBe('https://m.me/studioliwanag')
    expect(messengerHref('www.facebook.com/studioliwanag/')).toBe('https://m.me/studioliwanag')
    expect(messengerHref('Studio Liwanag PH')).toBeNull()
    expect(messengerHref('')).toBeNull()
  })
})
