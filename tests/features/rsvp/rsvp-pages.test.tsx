// The guest's RSVP and thank-you pages against a mocked API: answering for a household, a failed
// save keeping what was typed, the closed RSVP, and not-found links.
import { act, fireEvent, screen, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Rsvp } from '@/lib/api'
import { BackendError } from '@/lib/backend'
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
const BEA = '5eed0003-0000-4000-8000-000000000012'

function demoRsvp(overrides: { isClosed?: boolean; answered?: boolean } = {}): Rsvp {
  const answered = overrides.answered ?? false
  return {
    personId: CRISTINA,
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
          question: 'Anong ulam ang gusto mo sa hapunan?',
          kind: 'choice',
          options: ['Kare-kare', 'Inihaw na manok'],
        },
        { id: 'song', question: 'Anong kanta ang magpapasayaw sa iyo?', kind: 'text' },
      ],
      contact: {
        email: 'isabelatmiguel@example.com',
        phone: '+63 917 555 0142',
        names: 'Isabel at Miguel',
      },
      isClosed: overrides.isClosed ?? false,
      venue: { name: 'Hardin ng Pinagpala', city: 'Baguio City', country: 'Philippines' },
      events: [
        {
          name: 'Seremonya',
          date: '2027-12-12',
          startTime: '16:00',
          endTime: '17:00',
          venue: 'Kapilya',
          street: null,
          city: 'Baguio City',
        },
      ],
    },
    household: {
      id: GUEST,
      access: 'guest_code',
      hasAnswered: answered,
      message: null,
      messageAt: null,
      persons: [
        {
          id: CRISTINA,
          firstName: 'Ma. Cristina',
          lastName: 'dela Cruz Peña',
          type: 'adult',
          isAttending: answered ? true : null,
          response: answered
            ? [
                {
                  questionId: 'meal',
                  question: 'Anong ulam ang gusto mo sa hapunan?',
                  answer: 'Kare-kare',
                },
              ]
            : [],
          respondedAt: answered ? '2027-01-02T03:04:05Z' : null,
          hasAnswered: answered,
          recordedByCouple: false,
        },
        {
          id: RODRIGO,
          firstName: 'Rodrigo',
          lastName: 'Peña',
          type: 'adult',
          isAttending: answered ? false : null,
          response: [],
          respondedAt: answered ? '2027-01-02T03:04:05Z' : null,
          hasAnswered: answered,
          recordedByCouple: false,
        },
        {
          id: BEA,
          firstName: 'Bea',
          lastName: 'Peña',
          type: 'child',
          isAttending: answered ? true : null,
          response: [],
          respondedAt: answered ? '2027-01-02T03:04:05Z' : null,
          hasAnswered: answered,
          recordedByCouple: false,
        },
      ],
    },
  }
}

function renderRsvp(path = `/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}`) {
  const { history } = renderRoutes(
    [
      { path: '/wedding/:slug/rsvp/:householdId/:personId', element: <RsvpPage /> },
      { path: '/wedding/:slug/rsvp/:householdId/:personId/thank-you', element: <ThankYouPage /> },
      { path: '/rsvp/:householdId/:personId', element: <RsvpPage /> },
      { path: '/wedding/:slug', element: <p>the wedding site</p> },
    ],
    path,
  )
  return history
}

const choose = (person: string, label: string) =>
  fireEvent.click(
    within(screen.getByRole('group', { name: new RegExp(person) })).getByRole('radio', {
      name: label,
    }),
  )

beforeAll(async () => {
  await setUpI18n('fil')
})

beforeEach(() => {
  api.getRsvp.mockReset()
  api.submitRsvp.mockReset()
  useGuestRsvpStore.setState({ key: null, rsvp: null, status: 'idle', error: null })
})

describe('RSVP page', () => {
  test('greets the person, lists the household with Dadalo / Hindi makakadalo, and shows the deadline', async () => {
    api.getRsvp.mockResolvedValue(demoRsvp())
    renderRsvp()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' }),
    ).toBeInTheDocument()
    expect(api.getRsvp).toHaveBeenCalledWith(GUEST, CRISTINA, null)
    expect(screen.getByText(/Pakisagot hanggang .*12 Oktubre 2027\./)).toBeInTheDocument()
    for (const name of ['Ma. Cristina dela Cruz Peña', 'Rodrigo Peña', 'Bea Peña']) {
      const group = screen.getByRole('group', { name: new RegExp(name) })
      expect(within(group).getByRole('radio', { name: 'Dadalo' })).not.toBeChecked()
      expect(within(group).getByRole('radio', { name: 'Hindi makakadalo' })).not.toBeChecked()
    }
    // The couple's questions appear only for someone who comes.
    expect(
      screen.queryByRole('group', { name: 'Anong ulam ang gusto mo sa hapunan?' }),
    ).not.toBeInTheDocument()
    choose('Ma. Cristina', 'Dadalo')
    expect(
      screen.getByRole('group', { name: 'Anong ulam ang gusto mo sa hapunan?' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('textbox', { name: 'Anong kanta ang magpapasayaw sa iyo?' }),
    ).toBeInTheDocument()
  })

  test('asks for a choice for everyone before sending', async () => {
    api.getRsvp.mockResolvedValue(demoRsvp())
    renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    choose('Ma. Cristina', 'Dadalo')
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Ipadala ang sagot' })),
    )
    expect(api.submitRsvp).not.toHaveBeenCalled()
    expect(screen.getByText('Pakipili kung dadalo si Rodrigo Peña.')).toBeInTheDocument()
    expect(screen.getByText('Pakipili kung dadalo si Bea Peña.')).toBeInTheDocument()
    expect(
      screen.getByText('May kulang pa sa itaas. Pakitingnan ang mga paalalang nakapula.'),
    ).toBeInTheDocument()
  })

  test('sends every answer at once and shows the thank-you page with what was recorded', async () => {
    api.getRsvp.mockResolvedValue(demoRsvp())
    const saved = demoRsvp({ answered: true })
    saved.household.message = 'Salamat!'
    api.submitRsvp.mockResolvedValue(saved)
    const history = renderRsvp()
    await screen.findByRole('heading', { level: 1 })

    choose('Ma. Cristina', 'Dadalo')
    choose('Rodrigo', 'Hindi makakadalo')
    choose('Bea', 'Dadalo')
    const meals = screen.getAllByRole('group', { name: 'Anong ulam ang gusto mo sa hapunan?' })
    fireEvent.click(within(meals[0]!).getByRole('radio', { name: 'Kare-kare' }))
    fireEvent.change(screen.getByRole('textbox', { name: /Mensahe para kina Isabel at Miguel/ }), {
      target: { value: 'Salamat!' },
    })
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Ipadala ang sagot' })),
    )

    expect(api.submitRsvp).toHaveBeenCalledWith(
      GUEST,
      CRISTINA,
      [
        {
          personId: CRISTINA,
          isAttending: true,
          response: [{ questionId: 'meal', answer: 'Kare-kare' }],
        },
        { personId: RODRIGO, isAttending: false, response: [] },
        { personId: BEA, isAttending: true, response: [] },
      ],
      'Salamat!',
      null,
    )
    expect(history.location.pathname).toBe(
      `/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}/thank-you`,
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Salamat, Ma. Cristina!' }),
    ).toBeInTheDocument()
    const recorded = screen.getByRole('region', { name: 'Ang naitala naming sagot' })
    expect(within(recorded).getAllByText('Dadalo')).toHaveLength(2)
    expect(within(recorded).getByText('Hindi makakadalo')).toBeInTheDocument()
    expect(within(recorded).getByText('Kare-kare')).toBeInTheDocument()
    // The household's message apart from the last person's answers, under a heading of its own.
    const message = within(recorded).getByRole('region', {
      name: 'Ang mensahe ng inyong grupo sa ikakasal',
    })
    expect(within(message).getByText('Salamat!')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Idagdag sa kalendaryo' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Baguhin ang sagot' })).toHaveAttribute(
      'href',
      `/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}`,
    )
    // The thank-you page used the saved answers; it did not load them again.
    expect(api.getRsvp).toHaveBeenCalledTimes(1)
  })

  test('a guest who searched: no earlier answers, a reply the couple recorded locked, their own answers on the thank-you page', async () => {
    /** What the database gives a visitor without the household's code: no answers, no message. */
    const searchOnly = (answered: boolean): Rsvp => {
      const rsvp = demoRsvp()
      rsvp.household.access = 'guest_search'
      rsvp.household.hasAnswered = answered
      rsvp.household.persons[1] = {
        ...rsvp.household.persons[1]!,
        hasAnswered: answered,
        recordedByCouple: answered,
      }
      return rsvp
    }
    api.getRsvp.mockResolvedValue(searchOnly(true))
    api.submitRsvp.mockResolvedValue(searchOnly(true))
    const history = renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    expect(
      screen.getByText(
        /Nakasagot na ang inyong grupo\. Para manatiling pribado ang inyong mga sagot/,
      ),
    ).toBeInTheDocument()
    // Rodrigo's reply was recorded by the couple: no choice to make for him.
    expect(screen.queryByRole('group', { name: /Rodrigo Peña/ })).not.toBeInTheDocument()
    expect(screen.getByText(/Naitala na ng ikakasal ang sagot ni Rodrigo Peña/)).toBeInTheDocument()

    choose('Ma. Cristina', 'Dadalo')
    fireEvent.click(
      within(
        screen.getAllByRole('group', { name: 'Anong ulam ang gusto mo sa hapunan?' })[0]!,
      ).getByRole('radio', { name: 'Kare-kare' }),
    )
    choose('Bea', 'Hindi makakadalo')
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Ipadala ang sagot' })),
    )
    expect(api.submitRsvp).toHaveBeenCalledWith(
      GUEST,
      CRISTINA,
      [
        {
          personId: CRISTINA,
          isAttending: true,
          response: [{ questionId: 'meal', answer: 'Kare-kare' }],
        },
        { personId: BEA, isAttending: false, response: [] },
      ],
      '',
      null,
    )
    expect(history.location.pathname).toBe(
      `/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}/thank-you`,
    )
    const recorded = await screen.findByRole('region', { name: 'Ang naitala naming sagot' })
    expect(within(recorded).getByText('Kare-kare')).toBeInTheDocument()
    expect(within(recorded).getByText('Hindi makakadalo')).toBeInTheDocument()
  })

  test('an answered household is not asked to answer: it is told until when it may change its answer', async () => {
    // A guest who searched: their group has answered, the answers are hidden from them.
    const searched = demoRsvp()
    searched.household.access = 'guest_search'
    searched.household.hasAnswered = true
    searched.wedding.rsvpDeadline = null
    api.getRsvp.mockResolvedValue(searched)
    const { unmount } = renderRoutes(
      [{ path: '/wedding/:slug/rsvp/:householdId/:personId', element: <RsvpPage /> }],
      `/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}`,
    )
    expect(await screen.findByText(/^Nakasagot na ang inyong grupo\./)).toBeInTheDocument()
    expect(screen.queryByText('Pakisagot sa lalong madaling panahon.')).not.toBeInTheDocument()
    unmount()

    // Through the invitation's link, with a deadline: not "Pakisagot hanggang …", but until when.
    useGuestRsvpStore.setState({ key: null, rsvp: null, status: 'idle', error: null })
    api.getRsvp.mockResolvedValue(demoRsvp({ answered: true }))
    renderRsvp()
    expect(await screen.findByText(/^Natanggap namin ang inyong sagot noong/)).toBeInTheDocument()
    expect(
      screen.getByText('Maaari ninyong baguhin ang sagot hanggang Martes, 12 Oktubre 2027.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/^Pakisagot hanggang/)).not.toBeInTheDocument()
  })

  test('a guest who searched is stopped before sending when the replies they cannot see could fill the seats', async () => {
    // Two seats; Rodrigo's reply, recorded by the couple, is hidden from a visitor without the code.
    const rsvp = demoRsvp()
    rsvp.household.access = 'guest_search'
    rsvp.household.hasAnswered = true
    rsvp.household.seatCap = 2
    rsvp.household.persons[1] = {
      ...rsvp.household.persons[1]!,
      hasAnswered: true,
      recordedByCouple: true,
    }
    api.getRsvp.mockResolvedValue(rsvp)
    renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    choose('Ma. Cristina', 'Dadalo')
    fireEvent.click(
      within(
        screen.getAllByRole('group', { name: 'Anong ulam ang gusto mo sa hapunan?' })[0]!,
      ).getByRole('radio', { name: 'Kare-kare' }),
    )
    // Bea's yes could be the third for two seats: refused where it is ticked, and why said beside it.
    choose('Bea', 'Dadalo')
    const bea = screen.getByRole('group', { name: /Bea/ })
    expect(within(bea).getByRole('radio', { name: 'Dadalo' })).not.toBeChecked()
    expect(within(bea).getByRole('alert')).toHaveTextContent(
      'nakasagot na ang ilan sa inyong grupo, at bilang ang kanilang sagot',
    )
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Ipadala ang sagot' })),
    )
    expect(api.submitRsvp).not.toHaveBeenCalled()
    // One yes fits, whatever Rodrigo said.
    choose('Bea', 'Hindi makakadalo')
    api.submitRsvp.mockResolvedValue(rsvp)
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Ipadala ang sagot' })),
    )
    expect(api.submitRsvp).toHaveBeenCalledTimes(1)
  })

  test('with ?code= in the link the code is sent, and kept on the way to the thank-you page', async () => {
    api.getRsvp.mockResolvedValue(demoRsvp({ answered: true }))
    api.submitRsvp.mockResolvedValue(demoRsvp({ answered: true }))
    const history = renderRsvp(`/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}?code=ABCD2345`)
    await screen.findByRole('heading', { level: 1 })
    expect(api.getRsvp).toHaveBeenCalledWith(GUEST, CRISTINA, 'ABCD2345')
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Ipadala ang sagot' })),
    )
    expect(api.submitRsvp.mock.calls[0]![4]).toBe('ABCD2345')
    expect(`${history.location.pathname}${history.location.search}`).toBe(
      `/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}/thank-you?code=ABCD2345`,
    )
  })

  test('a failed save keeps everything typed and says what went wrong', async () => {
    api.getRsvp.mockResolvedValue(demoRsvp())
    api.submitRsvp.mockRejectedValue(new TypeError('Failed to fetch'))
    renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    choose('Ma. Cristina', 'Dadalo')
    choose('Rodrigo', 'Dadalo')
    choose('Bea', 'Hindi makakadalo')
    const song = screen.getAllByRole('textbox', {
      name: 'Anong kanta ang magpapasayaw sa iyo?',
    })[0]!
    fireEvent.change(song, { target: { value: 'Buwan' } })
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Ipadala ang sagot' })),
    )

    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Hindi naipadala ang inyong sagot.')
    expect(alert).toHaveTextContent('Hindi namin maabot ang server.')
    expect(alert).toHaveTextContent('Nandito pa rin ang lahat ng inyong isinulat')
    expect(song).toHaveValue('Buwan')
    expect(
      within(screen.getByRole('group', { name: /Bea/ })).getByRole('radio', {
        name: 'Hindi makakadalo',
      }),
    ).toBeChecked()
    expect(screen.getByRole('button', { name: 'Ipadala ang sagot' })).toBeEnabled()
  })

  test('a refused save after the deadline says RSVP is closed', async () => {
    api.getRsvp.mockResolvedValue(demoRsvp())
    api.submitRsvp.mockRejectedValue(new BackendError('rsvp_closed', 'P0001'))
    renderRsvp()
    await screen.findByRole('heading', { level: 1 })
    for (const person of ['Ma. Cristina', 'Rodrigo', 'Bea']) choose(person, 'Dadalo')
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Ipadala ang sagot' })),
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Sarado na ang RSVP')
  })

  test('the thank-you page of a household the couple answered for leads to the RSVP, which says so', async () => {
    const recorded = demoRsvp({ answered: true })
    for (const person of recorded.household.persons) person.recordedByCouple = true
    api.getRsvp.mockResolvedValue(recorded)
    const history = renderRsvp(`/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}/thank-you`)
    expect(
      await screen.findByText(/^Naitala na nina Isabel at Miguel ang sagot ng inyong grupo\./),
    ).toBeInTheDocument()
    expect(history.location.pathname).toBe(`/wedding/isabel-and-miguel/rsvp/${GUEST}/${CRISTINA}`)
    expect(screen.queryByText(/^Natanggap namin ang inyong sagot noong/)).not.toBeInTheDocument()
  })

  test('after the deadline: closed, with what was recorded and how to reach the couple', async () => {
    api.getRsvp.mockResolvedValue(demoRsvp({ isClosed: true, answered: true }))
    renderRsvp()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sarado na ang RSVP' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Ipadala ang sagot' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'isabelatmiguel@example.com' })).toHaveAttribute(
      'href',
      'mailto:isabelatmiguel@example.com',
    )
    expect(screen.getByRole('link', { name: '+63 917 555 0142' })).toHaveAttribute(
      'href',
      'tel:+639175550142',
    )
    expect(
      screen.getByRole('heading', { name: 'Makipag-ugnayan kina Isabel at Miguel' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Ang naitala naming sagot' })).toHaveTextContent(
      'Kare-kare',
    )
  })

  test('unknown ids, a link that is not ids, or another wedding’s slug: not found', async () => {
    api.getRsvp.mockRejectedValue(new BackendError('rsvp_not_found', 'P0001'))
    renderRsvp()
    expect(
      await screen.findByRole('heading', { name: 'Hindi namin makita ang pahinang ito' }),
    ).toBeInTheDocument()

    useGuestRsvpStore.setState({ key: null, rsvp: null, status: 'idle', error: null })
    api.getRsvp.mockClear()
    renderRsvp('/rsvp/not-an-id/either/')
    expect(
      (await screen.findAllByRole('heading', { name: 'Hindi namin makita ang pahinang ito' }))
        .length,
    ).toBeGreaterThan(0)
    expect(api.getRsvp).not.toHaveBeenCalled()
  })

  test('the ids of another wedding under this slug are not found', async () => {
    api.getRsvp.mockResolvedValue(demoRsvp())
    renderRsvp(`/wedding/someone-else/rsvp/${GUEST}/${CRISTINA}`)
    expect(
      await screen.findByRole('heading', { name: 'Hindi namin makita ang pahinang ito' }),
    ).toBeInTheDocument()
  })

  test('a load that fails for the network offers to try again', async () => {
    api.getRsvp
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(demoRsvp())
    renderRsvp()
    expect(
      await screen.findByRole('heading', { name: 'Hindi namin makuha ang inyong RSVP' }),
    ).toBeInTheDocument()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Subukang muli' })))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' }),
    ).toBeInTheDocument()
  })

  test('a visitor refused for opening RSVPs too fast is asked, kindly, to wait', async () => {
    api.getRsvp
      .mockRejectedValueOnce(new BackendError('rate_limited', 'P0001'))
      .mockResolvedValueOnce(demoRsvp())
    renderRsvp()
    expect(
      await screen.findByText(
        'Ang dami mo nang sinubukan sa maikling oras. Maghintay muna ng isang minuto, saka subukang muli.',
      ),
    ).toBeInTheDocument()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Subukang muli' })))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kumusta, Ma. Cristina!' }),
    ).toBeInTheDocument()
  })
})
