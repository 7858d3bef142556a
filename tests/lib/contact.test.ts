// @vitest-environment node
// The couple's contact as guests read it: the Messenger link shown as a guest would type it, and
// whether the names are of one person or several (Filipino's "ni/kay" against "nina/kina").
import { describe, expect, test } from 'vitest'
import { messengerLabel, messengerUrl, namesAreSeveral } from '@/lib/contact'

describe('contact', () => {
  test('a saved Messenger or Facebook link is shown without its https://; anything else is not a link', () => {
    expect(messengerUrl(' https://m.me/isabelatmiguel ')).toBe('https://m.me/isabelatmiguel')
    expect(messengerLabel('https://m.me/isabelatmiguel')).toBe('m.me/isabelatmiguel')
    expect(messengerLabel('https://www.facebook.com/josephines.catering/')).toBe(
      'facebook.com/josephines.catering',
    )
    expect(messengerUrl('http://m.me/x')).toBeNull()
    expect(messengerUrl('https://example.com/m.me/x')).toBeNull()
    expect(messengerUrl('')).toBeNull()
    expect(messengerUrl(null)).toBeNull()
  })

  test('one person named, or several', () => {
    expect(namesAreSeveral('Tita Carmen')).toBe(false)
    expect(namesAreSeveral('Corazon Aquino-Reyes')).toBe(false)
    expect(namesAreSeveral('Isabel at Miguel')).toBe(true)
    expect(namesAreSeveral('Isabel and Miguel')).toBe(true)
    expect(namesAreSeveral('Isabel & Miguel')).toBe(true)
    expect(namesAreSeveral('Tita Carmen, Tito Ben')).toBe(true)
  })
})
