// @vitest-environment node
// What the guest's RSVP form tells before it sends: a "Dadalo" past the household's seats is
// refused as it is ticked, and a reply the couple recorded (imported with the list, or taken by
// phone) is never shown to the household as one it sent. And the forecast's one number when its
// low and high ends agree.
import i18next from 'i18next'
import { beforeAll, describe, expect, test } from 'vitest'
import { lastEventRespondedAt, onlyRecordedByCouple, yesPassesSeatCap } from '@/lib/rsvp/rsvp-form'
import { paxRange } from '@/lib/pax-range'
import enCommon from '@/locales/en/common.json'
import enForecast from '@/locales/en/forecast.json'

const RECEPTION = { id: 'reception', isMain: true, isClosed: false }
const CEREMONY = { id: 'ceremony', isMain: false, isClosed: false }
const household = [
  {
    id: 'lorna',
    firstName: 'Lorna',
    isAttending: null,
    response: [],
    respondedAt: null,
    events: [],
  },
  {
    id: 'ramon',
    firstName: 'Ramon',
    isAttending: null,
    response: [],
    respondedAt: null,
    events: [],
  },
  {
    id: 'bunso',
    firstName: 'Bunso',
    isAttending: null,
    response: [],
    respondedAt: null,
    events: [],
  },
]
const form = (lorna: '' | 'yes' | 'no', ramon: '' | 'yes' | 'no', bunso: '' | 'yes' | 'no') => [
  { personId: 'lorna', attendance: lorna },
  { personId: 'ramon', attendance: ramon },
  { personId: 'bunso', attendance: bunso },
]

describe('a "Dadalo" past the seats', () => {
  test('in a household of three with two seats, the third yes is refused as it is ticked; the first two, a no or a person already coming are not', () => {
    expect(yesPassesSeatCap(household, RECEPTION, form('yes', 'yes', ''), false, 2, 'bunso')).toBe(
      true,
    )
    expect(yesPassesSeatCap(household, RECEPTION, form('yes', '', ''), false, 2, 'ramon')).toBe(
      false,
    )
    expect(yesPassesSeatCap(household, RECEPTION, form('yes', 'no', ''), false, 2, 'bunso')).toBe(
      false,
    )
    expect(
      yesPassesSeatCap(household, RECEPTION, form('yes', 'yes', 'yes'), false, 2, 'bunso'),
    ).toBe(false)
  })

  test('no seat cap, no limit; a yes stored for the event counts like one ticked', () => {
    expect(
      yesPassesSeatCap(household, RECEPTION, form('yes', 'yes', ''), false, null, 'bunso'),
    ).toBe(false)
    const stored = household.map((person) =>
      person.id === 'lorna'
        ? {
            ...person,
            events: [
              {
                eventId: 'ceremony',
                hasAnswered: true,
                isAttending: true,
                response: [],
                respondedAt: '2027-01-02T00:00:00Z',
              },
            ],
          }
        : person,
    )
    // Lorna's yes to the ceremony is stored, not in this form: Ramon's yes then fills the two seats.
    const ramonAndBunso = [
      { personId: 'ramon', attendance: 'yes' as const },
      { personId: 'bunso', attendance: '' as const },
    ]
    expect(yesPassesSeatCap(stored, CEREMONY, ramonAndBunso, false, 2, 'bunso')).toBe(true)
  })
})

describe('a reply the couple recorded', () => {
  const imported = household.map((person) => ({
    ...person,
    isAttending: true,
    hasAnswered: true,
    recordedByCouple: true,
    respondedAt: '2027-01-05T08:00:00Z',
  }))

  test('is not the household’s own: no "we received your reply on …", and the household is told the couple has it', () => {
    expect(lastEventRespondedAt(imported)).toBeNull()
    expect(onlyRecordedByCouple(imported)).toBe(true)
  })

  test('once the household answers itself, its own time is the one shown', () => {
    const answered = [
      { ...imported[0]!, recordedByCouple: false, respondedAt: '2027-01-09T10:00:00Z' },
      ...imported.slice(1),
    ]
    expect(lastEventRespondedAt(answered)).toBe('2027-01-09T10:00:00Z')
    expect(onlyRecordedByCouple(answered)).toBe(false)
    expect(onlyRecordedByCouple(household)).toBe(false)
  })
})

describe('the number for the caterer', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: { en: { common: enCommon, forecast: enForecast } } })
  })

  test('one number when the low and high ends agree, a range otherwise', () => {
    expect(paxRange(i18next.t, 6, 6)).toBe('6 pax')
    expect(paxRange(i18next.t, 46, 52)).toBe('46–52 pax')
    expect(paxRange(i18next.t, 1200, 1200)).toBe('1,200 pax')
  })
})
