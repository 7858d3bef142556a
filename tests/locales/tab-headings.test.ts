// @vitest-environment node
// Each management screen's heading is the very words of its tab, in both languages.
import { describe, expect, test } from 'vitest'
import enApp from '@/locales/en/app.json'
import enGuests from '@/locales/en/guests.json'
import enRsvps from '@/locales/en/rsvps.json'
import enSeating from '@/locales/en/seating.json'
import filApp from '@/locales/fil/app.json'
import filGuests from '@/locales/fil/guests.json'
import filRsvps from '@/locales/fil/rsvps.json'
import filSeating from '@/locales/fil/seating.json'

const languages = {
  en: { app: enApp, guests: enGuests, seating: enSeating, rsvps: enRsvps },
  fil: { app: filApp, guests: filGuests, seating: filSeating, rsvps: filRsvps },
}

describe.each(Object.entries(languages))('%s', (_language, strings) => {
  test('the page heading says what its tab says', () => {
    expect(strings.guests.title).toBe(strings.app.nav.guests)
    expect(strings.seating.title).toBe(strings.app.nav.seating)
    expect(strings.rsvps.tab.title).toBe(strings.app.nav.rsvps)
  })
})
