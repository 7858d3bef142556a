// The guest's RSVP page when events take RSVPs, against a mocked API: one card per event in the
// schedule's order, Oo / Hindi per person per event, each event's questions under those who come,
// a closed event read-only, what is sent, and the thank-you page and calendar per event.
import { act, fireEvent, screen, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Rsvp } from '@/lib/api'
import { renderRoutes } from '../../support/routing'
import { setUpI18n } from './i18n'

const api = vi.hoisted(() => ({ getRsvp: vi.fn(), submitRsvp: vi.fn() }))
vi.mock('@/lib/api/rsvp', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))

const { RsvpPage } = await import('@/features/rsvp/routes/rsvp-page')
const { ThankYouPage } = await import('@/features/rsvp/routes/thank-you-page')
const { useGuestRsvpStore } = await import('@/features/rsvp/guest-rsvp-store')

const GUEST = '5eed0002-0000-4000-8000-000000000005'
const CRISTINA = '5eed0003-0000-4000-8000-000000000010'
const RODRIGO = '5eed0003-0000-4000-8000-000000000011'
const CEREMONY = 'e0000000-0000-4000-8000-000000000001'
const RECEPTION = 'e0000000-0000-4000-8000-000000000002'
const DESPEDIDA = 'e0000000-0000-4000-8000-000000000003'

type Reply = {
  isAttending: boolean | null
  response?: Array<{ questionId: string; question: string; answer: string }>
}

function eventsRsvp(
  options: {
    closed?: string[]
    replies?: Record<string, Record<string, Reply>>
    withDespedida?: boolean
  } = {},
): Rsvp {
  const closed = new Set(options.closed ?? [])
  const replies = options.replies ?? {}
  const events = [
    {
      id: CEREMONY,
      name: 'Seremonya',
      type: 'ceremony',
      date: '2027-12-12',
      startTime: '15:00',
      endTime: '16:00',
      venue: 'Kapilya ng San Isidro',
      deadline: '2027-11-30',
      isClosed: closed.has(CEREMONY),
      isMain: false,
    },
    {
      id: RECEPTION,
      name: 'Handaan',
      type: 'reception',
      date: '2027-12-12',
      startTime: '18:00',
      endTime: '22:00',
      venue: 'Hardin ng Pinagpala',
      deadline: '2027-10-12',
      isClosed: closed.has(RECEPTION),
      isMain: true,
    },
    {
      id: DESPEDIDA,
      name: 'Despedida',
      type: 'despedida',
      date: '2027-12-10',
      startTime: '19:00',
      endTime: null,
      venue: 'Bahay ni Lola',
      deadline: '2027-12-01',
      isClosed: closed.has(DESPEDIDA),
      isMain: false,
    },
  ].filter((event) => options.withDespedida !== false || event.id !== DESPEDIDA)
  const person = (id: string, firstName: string) => {
    const own = replies[id] ?? {}
    const main = own[RECEPTION] ?? { isAttending: null }
    return {
      id,
      firstName,
      lastName: 'Peña',
      type: 'adult' as const,
      isAttending: main.isAttending,
      response: main.response ?? [],
      respondedAt: main.isAttending === null ? null : '2027-01-02T03:04:05Z',
      hasAnswered: main.isAttending !== null,
      recordedByCouple: false,
      events: events.map((event) => {
        const reply = own[event.id] ?? { isAttending: null }
        return {
          eventId: event.id,
          hasAnswered: reply.isAttending !== null,
          recordedByCouple: false,
          isAttending: reply.isAttending,
          response: reply.response ?? [],
          respondedAt: reply.isAttending === null ? null : '2027-01-02T03:04:05Z',
        }
      }),
    }
  }
  return {
    personId: CRISTINA,
    events,
    wedding: {
      slug: 'isabel-and-miguel',
      title: 'Isabel & Miguel',
      bride: { firstName: 'Isabel', lastName: 'Dela Cruz' },
      groom: { firstName: 'Miguel', lastName: 'Santos' },
      date: '2027-12-12',
      theme: { name: 'classic' },
      rsvpDeadline: '2027-10-12',
      rsvpQuestions: [
        {
          id: 'meal',
          question: 'Anong ulam ang gusto mo?',
          kind: 'choice',
          options: ['Kare-kare', 'Inihaw na manok'],
          eventId: RECEPTION,
        },
        {
          id: 'ride',
          question: 'Kailangan mo ba ng sundo?',
          kind: 'choice',
          options: ['Oo', 'Hindi na'],
          eventId: DESPEDIDA,
        },
      ],
      contact: { email: 'isabelatmiguel@example.com', phone: null, names: null },
      isClosed: closed.has(RECEPTION),
      venue: { name: 'Hardin ng Pinagpala', city: 'Baguio City', country: 'Philippines' },
      events: [
        {
          name: 'Seremonya',
          date: '2027-12-12',
          startTime: '15:00',
          endTime: '16:00',
          venue: 'Kapilya ng San Isidro',
          street: null,
          city: 'Baguio City',
        },
        {
          name: 'Handaan',
          date: '2027-12-12',
          startTime: '18:00',
          endTime: '22:00',
          venue: 'Hardin ng Pinagpala',
          street: null,
          city: 'Baguio City',
        },
        ...(options.withDespedida === false
          ? []
          : [
              {
                name: 'Despedida',
                date: '2027-12-10',
                startTime: '19:00',
                endTime: null,
                venue: 'Bahay ni Lola',
                street: null,
                city: null,
              },
            ]),
      ],
    },
    household: {
      id: GUEST,
      access: 'guest_code',
      hasAnswered: Object.keys(replies).length > 0,
      message: null,
      messageAt: null,
      persons: [person(CRISTINA, 'Ma. Cristina'), person(RODRIGO, 'Rodrigo')],
    },
  }
}

function renderRsvp(path = `/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}`) {
  const { history } = renderRoutes(
    [
      { path: '/wedding/:slug/rsvp/:householdId/:personId', element: <RsvpPage /> },
      { path: '/wedding/:slug/rsvp/:householdId/:personId/thank-you', element: <ThankYouPage /> },
      { path: '/wedding/:slug', element: <p>the wedding site</p> },
    ],
    path,
  )
  return history
}

const card = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) })
const choose = (event: string, person: string, label: 'Oo' | 'Hindi') =>
  fireEvent.click(
    within(within(card(event)).getByRole('group', { name: new RegExp(person) })).getByRole(
      'radio',
      { name: label },
    ),
  )
const send = (name = 'Ipadala ang sagot') =>
  act(async () => fireEvent.click(screen.getByRole('button', { name })))

beforeAll(async () => {
  await setUpI18n('fil')
})

beforeEach(() => {
  api.getRsvp.mockReset()
  api.submitRsvp.mockReset()
  useGuestRsvpStore.setState({ key: null, rsvp: null, status: 'idle', error: null })
})

describe('RSVP page with events', () => {
  test('one card per event in the schedule’s order, with its day, time, place and deadline, Oo / Hindi for each person', async () => {
    api.getRsvp.mockResolvedValue(eventsRsvp())
    renderRsvp()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' }),
    ).toBeInTheDocument()
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Seremonya', 'Handaan', 'Despedida'])
    expect(card('Seremonya')).toHaveTextContent(
      'Linggo, 12 Disyembre 2027 · 3:00 PM–4:00 PM · Kapilya ng San Isidro',
    )
    expect(card('Seremonya')).toHaveTextContent('Pakisagot hanggang Martes, 30 Nobyembre 2027.')
    expect(card('Despedida')).toHaveTextContent(
      'Biyernes, 10 Disyembre 2027 · 7:00 PM · Bahay ni Lola',
    )
    for (const event of ['Seremonya', 'Handaan', 'Despedida']) {
      for (const person of ['Ma. Cristina Peña', 'Rodrigo Peña']) {
        const group = within(card(event)).getByRole('group', { name: person })
        expect(within(group).getByRole('radio', { name: 'Oo' })).not.toBeChecked()
        expect(within(group).getByRole('radio', { name: 'Hindi' })).not.toBeChecked()
      }
    }
    // The meal question is the reception's, shown under a person who says yes to it only.
    expect(
      screen.queryByRole('group', { name: 'Anong ulam ang gusto mo?' }),
    ).not.toBeInTheDocument()
    choose('Seremonya', 'Ma. Cristina', 'Oo')
    expect(
      screen.queryByRole('group', { name: 'Anong ulam ang gusto mo?' }),
    ).not.toBeInTheDocument()
    choose('Handaan', 'Ma. Cristina', 'Oo')
    expect(
      within(card('Handaan')).getByRole('group', { name: 'Anong ulam ang gusto mo?' }),
    ).toBeInTheDocument()
    expect(
      screen.queryByRole('group', { name: 'Kailangan mo ba ng sundo?' }),
    ).not.toBeInTheDocument()
  })

  test('asks for every person’s choice for every open event, naming the event', async () => {
    api.getRsvp.mockResolvedValue(eventsRsvp())
    renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    choose('Seremonya', 'Ma. Cristina', 'Oo')
    await send()
    expect(api.submitRsvp).not.toHaveBeenCalled()
    expect(
      screen.getByText('Pakipili kung dadalo si Rodrigo Peña sa Seremonya.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Pakipili kung dadalo si Ma. Cristina Peña sa Despedida.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('May kulang pa sa itaas. Pakitingnan ang mga paalalang nakapula.'),
    ).toBeInTheDocument()
  })

  test('yes to the ceremony, no to the despedida: each event answered on its own, named by its id', async () => {
    api.getRsvp.mockResolvedValue(eventsRsvp())
    const saved = eventsRsvp({
      replies: {
        [CRISTINA]: {
          [CEREMONY]: { isAttending: true },
          [RECEPTION]: {
            isAttending: true,
            response: [
              { questionId: 'meal', question: 'Anong ulam ang gusto mo?', answer: 'Kare-kare' },
            ],
          },
          [DESPEDIDA]: { isAttending: false },
        },
        [RODRIGO]: {
          [CEREMONY]: { isAttending: true },
          [RECEPTION]: { isAttending: false },
          [DESPEDIDA]: { isAttending: false },
        },
      },
    })
    api.submitRsvp.mockResolvedValue(saved)
    const history = renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    choose('Seremonya', 'Ma. Cristina', 'Oo')
    choose('Seremonya', 'Rodrigo', 'Oo')
    choose('Handaan', 'Ma. Cristina', 'Oo')
    fireEvent.click(within(card('Handaan')).getByRole('radio', { name: 'Kare-kare' }))
    choose('Handaan', 'Rodrigo', 'Hindi')
    choose('Despedida', 'Ma. Cristina', 'Hindi')
    choose('Despedida', 'Rodrigo', 'Hindi')
    await send()

    expect(api.submitRsvp).toHaveBeenCalledWith(
      GUEST,
      CRISTINA,
      [
        {
          personId: CRISTINA,
          events: [
            { eventId: CEREMONY, isAttending: true, response: [] },
            {
              eventId: RECEPTION,
              isAttending: true,
              response: [{ questionId: 'meal', answer: 'Kare-kare' }],
            },
            { eventId: DESPEDIDA, isAttending: false, response: [] },
          ],
        },
        {
          personId: RODRIGO,
          events: [
            { eventId: CEREMONY, isAttending: true, response: [] },
            { eventId: RECEPTION, isAttending: false, response: [] },
            { eventId: DESPEDIDA, isAttending: false, response: [] },
          ],
        },
      ],
      '',
      null,
    )
    expect(history.location.pathname).toBe(
      `/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}/thank-you`,
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' }),
    ).toBeInTheDocument()
    const recorded = screen.getByRole('region', { name: 'Ang naitala naming sagot' })
    const ceremony = within(recorded).getByRole('region', { name: 'Seremonya' })
    expect(within(ceremony).getAllByText('Dadalo')).toHaveLength(2)
    const reception = within(recorded).getByRole('region', { name: 'Handaan' })
    expect(within(reception).getByText('Kare-kare')).toBeInTheDocument()
    expect(within(reception).getByText('Hindi makakadalo')).toBeInTheDocument()
    expect(
      within(within(recorded).getByRole('region', { name: 'Despedida' })).getAllByText(
        'Hindi makakadalo',
      ),
    ).toHaveLength(2)
    // The calendar holds what they come to, never the despedida they declined.
    expect(
      screen.getByRole('button', { name: 'Idagdag sa kalendaryo' }),
    ).toHaveAccessibleDescription('Kasama sa kalendaryo: Seremonya, Handaan')
  })

  test('changing one event later starts from the earlier answers and leaves the others as they were', async () => {
    api.getRsvp.mockResolvedValue(
      eventsRsvp({
        replies: {
          [CRISTINA]: {
            [CEREMONY]: { isAttending: true },
            [RECEPTION]: { isAttending: true },
            [DESPEDIDA]: { isAttending: true },
          },
          [RODRIGO]: {
            [CEREMONY]: { isAttending: true },
            [RECEPTION]: { isAttending: true },
            [DESPEDIDA]: { isAttending: true },
          },
        },
      }),
    )
    api.submitRsvp.mockImplementation(() => new Promise(() => {}))
    renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getByText(/Natanggap namin ang inyong sagot noong/)).toBeInTheDocument()
    choose('Despedida', 'Rodrigo', 'Hindi')
    await send()
    const [, , answers] = api.submitRsvp.mock.calls[0]!
    expect(answers[1]).toEqual({
      personId: RODRIGO,
      events: [
        { eventId: CEREMONY, isAttending: true, response: [] },
        { eventId: RECEPTION, isAttending: true, response: [] },
        { eventId: DESPEDIDA, isAttending: false, response: [] },
      ],
    })
  })

  test('a closed event is shown closed with what was recorded, and is not sent', async () => {
    api.getRsvp.mockResolvedValue(
      eventsRsvp({
        closed: [RECEPTION],
        replies: {
          [CRISTINA]: {
            [RECEPTION]: {
              isAttending: true,
              response: [
                {
                  questionId: 'meal',
                  question: 'Anong ulam ang gusto mo?',
                  answer: 'Inihaw na manok',
                },
              ],
            },
          },
          [RODRIGO]: { [RECEPTION]: { isAttending: false } },
        },
      }),
    )
    api.submitRsvp.mockImplementation(() => new Promise(() => {}))
    renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    const reception = card('Handaan')
    expect(reception).toHaveTextContent('Sarado na')
    expect(reception).toHaveTextContent(
      'Natapos ang pagtanggap ng sagot dito noong Martes, 12 Oktubre 2027.',
    )
    expect(within(reception).queryByRole('radio')).not.toBeInTheDocument()
    expect(within(reception).getByText('Inihaw na manok')).toBeInTheDocument()
    expect(within(reception).getByText('Hindi makakadalo')).toBeInTheDocument()

    for (const person of ['Ma. Cristina', 'Rodrigo']) {
      choose('Seremonya', person, 'Oo')
      choose('Despedida', person, 'Hindi')
    }
    await send()
    const [, , answers] = api.submitRsvp.mock.calls[0]!
    expect(answers).toEqual([
      {
        personId: CRISTINA,
        events: [
          { eventId: CEREMONY, isAttending: true, response: [] },
          { eventId: DESPEDIDA, isAttending: false, response: [] },
        ],
      },
      {
        personId: RODRIGO,
        events: [
          { eventId: CEREMONY, isAttending: true, response: [] },
          { eventId: DESPEDIDA, isAttending: false, response: [] },
        ],
      },
    ])
  })

  test('every event closed: the closed page, answers per event', async () => {
    api.getRsvp.mockResolvedValue(
      eventsRsvp({
        closed: [CEREMONY, RECEPTION, DESPEDIDA],
        replies: {
          [CRISTINA]: { [CEREMONY]: { isAttending: true }, [RECEPTION]: { isAttending: false } },
        },
      }),
    )
    renderRsvp()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sarado na ang RSVP' }),
    ).toBeInTheDocument()
    const recorded = screen.getByRole('region', { name: 'Ang naitala naming sagot' })
    expect(
      within(within(recorded).getByRole('region', { name: 'Seremonya' })).getByText('Dadalo'),
    ).toBeInTheDocument()
    expect(
      within(within(recorded).getByRole('region', { name: 'Handaan' })).getByText(
        'Hindi makakadalo',
      ),
    ).toBeInTheDocument()
  })

  test('a guest who searched: a reply the couple recorded for one event is locked in that event only', async () => {
    const rsvp = eventsRsvp()
    rsvp.household.access = 'guest_search'
    const rodrigo = rsvp.household.persons[1]!
    rodrigo.events = rodrigo.events!.map((reply) =>
      reply.eventId === DESPEDIDA ? { ...reply, hasAnswered: true, recordedByCouple: true } : reply,
    )
    api.getRsvp.mockResolvedValue(rsvp)
    api.submitRsvp.mockImplementation(() => new Promise(() => {}))
    renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    expect(
      within(card('Despedida')).queryByRole('group', { name: /Rodrigo/ }),
    ).not.toBeInTheDocument()
    expect(
      within(card('Despedida')).getByText(/Naitala na ng ikakasal ang sagot ni Rodrigo Peña/),
    ).toBeInTheDocument()
    expect(within(card('Seremonya')).getByRole('group', { name: /Rodrigo/ })).toBeInTheDocument()
    for (const event of ['Seremonya', 'Handaan'])
      for (const person of ['Ma. Cristina', 'Rodrigo']) choose(event, person, 'Hindi')
    choose('Despedida', 'Ma. Cristina', 'Oo')
    await send()
    const [, , answers] = api.submitRsvp.mock.calls[0]!
    expect(answers[1]).toEqual({
      personId: RODRIGO,
      events: [
        { eventId: CEREMONY, isAttending: false, response: [] },
        { eventId: RECEPTION, isAttending: false, response: [] },
      ],
    })
  })

  test('a seat cap holds per event: a yes past the seats of one event is refused where it is ticked, and said beside it', async () => {
    const rsvp = eventsRsvp()
    rsvp.household.seatCap = 1
    api.getRsvp.mockResolvedValue(rsvp)
    renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    for (const person of ['Ma. Cristina', 'Rodrigo']) {
      choose('Seremonya', person, 'Oo')
      choose('Despedida', person, 'Hindi')
    }
    // Rodrigo's yes to the ceremony would be the second for one seat: it does not take.
    const rodrigo = within(card('Seremonya')).getByRole('group', { name: /Rodrigo/ })
    expect(within(rodrigo).getByRole('radio', { name: 'Oo' })).not.toBeChecked()
    expect(within(rodrigo).getByRole('alert')).toHaveTextContent(
      '1 lang ang upuang nakalaan para sa inyo',
    )
    // Each event on its own: the same yes to the reception, where nobody else comes, takes.
    choose('Handaan', 'Ma. Cristina', 'Hindi')
    choose('Handaan', 'Rodrigo', 'Oo')
    expect(
      within(within(card('Handaan')).getByRole('group', { name: /Rodrigo/ })).getByRole('radio', {
        name: 'Oo',
      }),
    ).toBeChecked()
    // Sending asks for Rodrigo's answer to the ceremony, and sends nothing yet.
    await send()
    expect(api.submitRsvp).not.toHaveBeenCalled()
    choose('Seremonya', 'Rodrigo', 'Hindi')
    api.submitRsvp.mockResolvedValue(rsvp)
    await send()
    expect(api.submitRsvp).toHaveBeenCalledTimes(1)
  })

  test('coming to the despedida only: the thank-you page looks forward to its day, the calendar holds it alone', async () => {
    api.getRsvp.mockResolvedValue(
      eventsRsvp({
        replies: {
          [CRISTINA]: {
            [CEREMONY]: { isAttending: false },
            [RECEPTION]: { isAttending: false },
            [DESPEDIDA]: { isAttending: true },
          },
          [RODRIGO]: {
            [CEREMONY]: { isAttending: false },
            [RECEPTION]: { isAttending: false },
            [DESPEDIDA]: { isAttending: false },
          },
        },
      }),
    )
    renderRsvp(`/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}/thank-you`)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Magkita-kita tayo sa Biyernes, 10 Disyembre 2027!'),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Idagdag sa kalendaryo' }),
    ).toHaveAccessibleDescription('Kasama sa kalendaryo: Despedida')
  })

  test('in English: Yes / No, and the event named in the messages', async () => {
    await setUpI18n('en')
    try {
      api.getRsvp.mockResolvedValue(eventsRsvp())
      renderRsvp()
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Hello, Ma. Cristina!' }),
      ).toBeInTheDocument()
      expect(
        within(screen.getByRole('region', { name: /^Despedida/ })).getAllByRole('radio', {
          name: 'Yes',
        }),
      ).toHaveLength(2)
      expect(screen.getByRole('region', { name: /^Seremonya/ })).toHaveTextContent(
        'Sunday, 12 December 2027 · 3:00 PM–4:00 PM',
      )
      await send('Send my reply')
      expect(
        screen.getByText('Please choose whether Rodrigo Peña will attend Despedida.'),
      ).toBeInTheDocument()
    } finally {
      await setUpI18n('fil')
    }
  })
})
