// The guest's name search on the wedding site: debounce, minimum length and every message.
import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { GuestSearch, GuestSearchResult } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import { renderRoutes } from '../../support/routing'
import { setUpI18n } from './i18n'

const api = vi.hoisted(() => ({ searchPersons: vi.fn() }))
vi.mock('@/lib/api/name-search', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))
const invitations = vi.hoisted(() => ({ openInvitationCode: vi.fn() }))
vi.mock('@/lib/api/invitations', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...invitations,
}))

const { RsvpNameSearch } = await import('@/features/site/rsvp-search/rsvp-name-search')
const { isSearchable, MIN_QUERY_LETTERS, SEARCH_DEBOUNCE_MS } =
  await import('@/features/site/rsvp-search/use-name-search')

const NO_MATCH =
  'Paumanhin, hindi namin natagpuan ang iyong pangalan. Mangyaring makipag-ugnayan sa amin upang matiyak kung paano nakasulat ang iyong mga detalye.'

const cristina: GuestSearchResult = {
  personId: '5eed0003-0000-4000-8000-000000000010',
  householdId: '5eed0002-0000-4000-8000-000000000005',
  firstName: 'Ma. Cristina',
  lastName: 'dela Cruz Peña',
  householdSize: 3,
}
const kevin: GuestSearchResult = {
  personId: 'p-kevin',
  householdId: 'g-kevin',
  firstName: 'Kevin',
  lastName: 'Cruz',
  householdSize: 1,
}

/** What the database answers: the matches, or why there are none. */
const found = (...matches: GuestSearchResult[]): GuestSearch => ({
  status: matches.length ? 'found' : 'none',
  matches,
})

function renderSearch(path = '/wedding/isabel-and-miguel') {
  const element = <RsvpNameSearch slug="isabel-and-miguel" />
  renderRoutes(
    [
      { path: '/', element },
      { path: '/wedding/:slug', element },
      { path: '/wedding/:slug/:section', element },
      { path: '/wedding/:slug/rsvp/:householdId/:personId', element: <p>invitation opened</p> },
    ],
    path,
  )
  return screen.getByRole('searchbox', { name: 'Hanapin ang iyong pangalan' })
}

/** Lets the debounce run out and the (mocked) search answer. */
async function settle(ms = SEARCH_DEBOUNCE_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

beforeAll(async () => {
  await setUpI18n('fil')
})

beforeEach(() => {
  vi.useFakeTimers()
  api.searchPersons.mockReset()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('isSearchable', () => {
  test('needs 4 letters, as the database counts them: spaces, punctuation and wildcards are not letters', () => {
    expect(MIN_QUERY_LETTERS).toBe(4)
    expect(SEARCH_DEBOUNCE_MS).toBe(100)
    for (const query of ['pe', ' p e ', 'pen', 'a..', 'm--', '%%a', 'a.b', 'ma.', '%%%%', "o'o"]) {
      expect(isSearchable(query), query).toBe(false)
    }
    for (const query of ['pena', 'Peña', 'p e n a', 'ivy sy', 'ma. cristina'])
      expect(isSearchable(query), query).toBe(true)
  })
})

describe('RsvpNameSearch', () => {
  test('waits 100 ms after the last keystroke, then searches once with what was typed', async () => {
    api.searchPersons.mockResolvedValue(found(cristina))
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'pen' } })
    await settle(60)
    fireEvent.change(input, { target: { value: 'pena' } })
    await settle(99)
    expect(api.searchPersons).not.toHaveBeenCalled()
    await settle(1)
    expect(api.searchPersons).toHaveBeenCalledTimes(1)
    expect(api.searchPersons).toHaveBeenCalledWith('isabel-and-miguel', 'pena')
  })

  test('fewer than 3 characters never searches, and clears the results', async () => {
    api.searchPersons.mockResolvedValue(found(cristina))
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'pe' } })
    await settle(500)
    expect(api.searchPersons).not.toHaveBeenCalled()
    expect(screen.queryByText('Naghahanap...')).not.toBeInTheDocument()

    fireEvent.change(input, { target: { value: 'pena' } })
    await settle()
    expect(screen.getByRole('link', { name: /Ma\. Cristina dela Cruz Peña/ })).toBeInTheDocument()

    fireEvent.change(input, { target: { value: 'pe' } })
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
    await settle(500)
    expect(api.searchPersons).toHaveBeenCalledTimes(1)
  })

  test('says "Naghahanap..." while searching', async () => {
    let answer: (results: GuestSearch) => void = () => {}
    api.searchPersons.mockReturnValue(new Promise<GuestSearch>((resolve) => (answer = resolve)))
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'cristina' } })
    expect(screen.getByRole('status')).toHaveTextContent('Naghahanap...')
    await settle()
    expect(screen.getByRole('status')).toHaveTextContent('Naghahanap...')
    await act(async () => answer(found(cristina)))
    expect(screen.queryByText('Naghahanap...')).not.toBeInTheDocument()
  })

  test("the spec's no-match message, word for word", async () => {
    api.searchPersons.mockResolvedValue(found())
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'xyzzy' } })
    await settle()
    expect(screen.getByRole('status')).toHaveTextContent(NO_MATCH)
  })

  test('results show the name and household size and link to rsvp/{householdId}/{personId} from the site root', async () => {
    api.searchPersons.mockResolvedValue(found(cristina, kevin))
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'cruz' } })
    await settle()
    const links = screen.getAllByRole('link')
    expect(links).toHaveLength(2)
    expect(links[0]).toHaveTextContent('Ma. Cristina dela Cruz Peña')
    expect(links[0]).toHaveTextContent('3 katao sa grupo')
    expect(links[1]).toHaveTextContent('1 katao sa grupo')
    expect(links[0]).toHaveAttribute(
      'href',
      `/wedding/isabel-and-miguel/rsvp/${cristina.householdId}/${cristina.personId}`,
    )
    expect(screen.getByRole('status')).toHaveTextContent('2 pangalan ang nahanap.')
  })

  test('on the home route the link is /rsvp/{householdId}/{personId}/', async () => {
    api.searchPersons.mockResolvedValue(found(cristina))
    const input = renderSearch('/')
    fireEvent.change(input, { target: { value: 'cristina' } })
    await settle()
    expect(screen.getByRole('link')).toHaveAttribute(
      'href',
      `/rsvp/${cristina.householdId}/${cristina.personId}/`,
    )
  })

  test('a slower answer to an older query never replaces a newer one', async () => {
    const answers: Array<(results: GuestSearch) => void> = []
    api.searchPersons.mockImplementation(() => new Promise((resolve) => answers.push(resolve)))
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'cruz' } })
    await settle()
    fireEvent.change(input, { target: { value: 'cristina' } })
    await settle()
    await act(async () => answers[1]!(found(cristina)))
    await act(async () => answers[0]!(found(kevin)))
    expect(screen.getAllByRole('link')).toHaveLength(1)
    expect(screen.getByRole('link')).toHaveTextContent('Ma. Cristina')
  })

  test('a failed search says so and can be tried again', async () => {
    api.searchPersons
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(found(cristina))
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'cristina' } })
    await settle()
    expect(screen.getByRole('status')).toHaveTextContent('Hindi natuloy ang paghahanap.')
    fireEvent.click(screen.getByRole('button', { name: 'Subukang muli' }))
    await settle()
    expect(api.searchPersons).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('link')).toHaveTextContent('Ma. Cristina')
  })

  test('a name many households share asks for one more word', async () => {
    api.searchPersons.mockResolvedValue({ status: 'too_many', matches: [] })
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'maria' } })
    await settle()
    expect(screen.getByRole('status')).toHaveTextContent(
      'Marami ang may ganitong pangalan. Idagdag ang iyong apelyido (o pangalan) para mahanap ka namin.',
    )
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })

  test("a wedding that needs the invitation code: the refused name search gives a code field, checked on this wedding's site", async () => {
    api.searchPersons.mockRejectedValueOnce(new BackendError('invitation_code_required', 'P0001'))
    invitations.openInvitationCode.mockReset()
    invitations.openInvitationCode.mockResolvedValueOnce(null).mockResolvedValueOnce({
      slug: 'isabel-and-miguel',
      householdId: 'g-1',
      personId: 'p-1',
      code: 'ABCD2345',
    })
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'cristina' } })
    await settle()
    // The code field is loaded only when it is needed.
    await act(async () => {
      await import('@/features/site/rsvp-search/code-field')
    })
    await settle(50)
    expect(
      screen.getByText(/Kailangan ang code na nakasulat sa inyong imbitasyon/),
    ).toBeInTheDocument()
    const code = screen.getByRole('textbox', { name: 'Invitation code' })
    expect(code).toHaveAttribute('maxLength', '20')
    // A wrong code: said so, and the guest stays to fix it.
    fireEvent.change(code, { target: { value: 'abcd-2346' } })
    fireEvent.click(screen.getByRole('button', { name: 'Buksan ang imbitasyon ko' }))
    await settle(0)
    expect(invitations.openInvitationCode).toHaveBeenLastCalledWith('isabel-and-miguel', 'ABCD2346')
    expect(screen.getByText(/Hindi code ng kasal na ito ang na-type ninyo/)).toBeInTheDocument()
    fireEvent.change(code, { target: { value: 'abcd-2345' } })
    fireEvent.click(screen.getByRole('button', { name: 'Buksan ang imbitasyon ko' }))
    await settle(0)
    expect(invitations.openInvitationCode).toHaveBeenLastCalledWith('isabel-and-miguel', 'ABCD2345')
    expect(screen.getByText('invitation opened')).toBeInTheDocument()
  })

  test('a busy wedding, whose searches of the hour are used up, asks for the code without saying the couple requires it', async () => {
    api.searchPersons.mockRejectedValueOnce(
      new BackendError('invitation_code_required_busy', 'P0001'),
    )
    invitations.openInvitationCode.mockReset()
    invitations.openInvitationCode.mockResolvedValue({
      slug: 'isabel-and-miguel',
      householdId: cristina.householdId,
      personId: cristina.personId,
      code: 'ABCD2345',
    })
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'cristina' } })
    await settle()
    await act(async () => {
      await import('@/features/site/rsvp-search/code-field')
    })
    await settle(50)
    expect(screen.getByText(/Maraming gumagamit ng site ngayon/)).toBeInTheDocument()
    expect(screen.queryByText(/Kailangan ang code/)).not.toBeInTheDocument()
    expect(screen.queryByText(/Ang dami mo nang sinubukan/)).not.toBeInTheDocument()
    fireEvent.change(screen.getByRole('textbox', { name: 'Invitation code' }), {
      target: { value: 'abcd-2345' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Buksan ang imbitasyon ko' }))
    await settle(0)
    expect(invitations.openInvitationCode).toHaveBeenLastCalledWith('isabel-and-miguel', 'ABCD2345')
    expect(screen.getByText('invitation opened')).toBeInTheDocument()
  })

  test('too many searches too fast: a friendly message, and a retry later', async () => {
    api.searchPersons
      .mockRejectedValueOnce(new BackendError('rate_limited', 'P0001'))
      .mockResolvedValueOnce(found(cristina))
    const input = renderSearch()
    fireEvent.change(input, { target: { value: 'cristina' } })
    await settle()
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ang dami mo nang sinubukan sa maikling oras. Maghintay muna ng isang minuto, saka subukang muli.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Subukang muli' }))
    await settle()
    expect(screen.getByRole('link')).toHaveTextContent('Ma. Cristina')
  })

  test('in English too', async () => {
    await setUpI18n('en')
    try {
      api.searchPersons.mockResolvedValue(found())
      renderRoutes([{ path: '/', element: <RsvpNameSearch slug="isabel-and-miguel" /> }], '/')
      const input = screen.getByRole('searchbox', { name: 'Find your name' })
      fireEvent.change(input, { target: { value: 'nobody' } })
      expect(screen.getByRole('status')).toHaveTextContent('Searching...')
      await settle()
      expect(screen.getByRole('status')).toHaveTextContent("Sorry, we couldn't find your name.")
    } finally {
      await setUpI18n('fil')
    }
  })
})
