// The 404 page helps a guest who mistyped a wedding's address: it says which address, and finds
// the couple's site from what they type. It never passes the demo couple off as theirs.
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { NotFound } from '@/components/not-found'
import { useLocation } from 'wouter'
import { slugFromAddress } from '@/lib/wedding-address'
import { setUpI18n } from '../features/rsvp/i18n'
import { renderRoutes } from '../support/routing'

beforeAll(() => setUpI18n('en'))

function Where() {
  return <p>at {useLocation()[0]}</p>
}

function renderAt(state?: unknown) {
  renderRoutes(
    [
      { path: '/404', element: <NotFound /> },
      { path: '/wedding/:slug', element: <Where /> },
    ],
    { pathname: '/404', state },
  )
  return userEvent.setup()
}

describe('the 404 page', () => {
  test('says which address was not found, and finds the couple’s site from what the guest types', async () => {
    const user = renderAt({ from: '/wedding/isabel-and-migel' })
    expect(
      screen.getByRole('heading', { level: 1, name: 'We can’t find this page' }),
    ).toBeInTheDocument()
    expect(screen.getByText('/wedding/isabel-and-migel')).toBeInTheDocument()
    const address = screen.getByRole('textbox', { name: 'The couple’s wedding site address' })
    expect(address).toHaveValue('isabel-and-migel')
    await user.clear(address)
    await user.type(address, 'https://kasalan.ph/wedding/Maria-and-Juan/rsvp')
    await user.click(screen.getByRole('button', { name: 'Go to their site' }))
    expect(await screen.findByText('at /wedding/maria-and-juan')).toBeInTheDocument()
  })

  test('offers Kasalan’s sample site as a sample, never as “home”', () => {
    renderAt()
    expect(screen.queryByRole('link', { name: /home page/i })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See a sample wedding site' })).toHaveAttribute(
      'href',
      '/',
    )
    expect(screen.getByRole('link', { name: 'Make your own wedding site' })).toHaveAttribute(
      'href',
      '/auth/register',
    )
  })

  test('an empty address asks for one instead of going nowhere', async () => {
    const user = renderAt()
    await user.click(screen.getByRole('button', { name: 'Go to their site' }))
    expect(
      screen.getByText('Type the address or the couple’s names, as on the invitation.'),
    ).toBeInTheDocument()
  })
})

test.each([
  ['isabel-and-miguel', 'isabel-and-miguel'],
  ['  Isabel-And-Miguel ', 'isabel-and-miguel'],
  ['kasalan.ph/wedding/isabel-and-miguel', 'isabel-and-miguel'],
  ['https://kasalan.ph/wedding/isabel-and-miguel/rsvp/x/y', 'isabel-and-miguel'],
  ['https://isabel-and-miguel.kasalan.ph/', 'isabel-and-miguel'],
  ['Isabel and Miguel', 'isabel-and-miguel'],
  ['Isabel & Miguel', 'isabel-and-miguel'],
  ['', null],
  ['   ', null],
])('the address %j is the site %j', (text, slug) => {
  expect(slugFromAddress(text)).toBe(slug)
})
