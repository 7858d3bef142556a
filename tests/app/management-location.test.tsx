// Under management's react-router, the pieces written with wouter for the public site (the 404
// page) still work: management's addresses move within the app; the public site's are a page load.
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { isPublicPath } from '@/app/public-routes'
import { ManagementLocation } from '@/app/management-location'
import { NotFound } from '@/components/not-found'
import { Link } from '@/lib/routing'
import { setUpI18n } from '../features/rsvp/i18n'

beforeAll(() => setUpI18n('en'))
afterEach(() => vi.unstubAllGlobals())

function Where() {
  return <p>at {useLocation().pathname}</p>
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: ManagementLocation,
        children: [
          {
            path: '/404',
            element: (
              <>
                <NotFound />
                <Link to="/manage/guests">Guests</Link>
              </>
            ),
          },
          { path: '/manage/guests', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

test('the public site’s addresses are its own; everything else is management’s', () => {
  for (const path of [
    '/',
    '/wedding/maria',
    '/wedding/maria/story',
    '/wedding/maria/rsvp/g/p',
    '/rsvp/g/p/',
    '/i/ABCD2345',
    '/preview',
  ]) {
    expect(isPublicPath(path)).toBe(true)
  }
  for (const path of [
    '/manage',
    '/auth/login',
    '/404',
    '/join/x',
    '/Wedding/maria',
    '/wedding/maria/a/b',
    '/preview/x',
  ]) {
    expect(isPublicPath(path)).toBe(false)
  }
})

test('a link to management moves within react-router; one to the public site is left to the browser', () => {
  const router = renderApp('/404')
  expect(fireEvent.click(screen.getByRole('link', { name: 'See a sample wedding site' }))).toBe(
    true,
  )
  expect(router.state.location.pathname).toBe('/404')
  expect(fireEvent.click(screen.getByRole('link', { name: 'Guests' }))).toBe(false)
  expect(router.state.location.pathname).toBe('/manage/guests')
})

test('the 404 page’s search goes to the couple’s site with a page load', async () => {
  const assign = vi.fn()
  vi.stubGlobal('location', {
    ...window.location,
    href: 'http://localhost/404',
    origin: 'http://localhost',
    assign,
  })
  const router = renderApp('/404')
  const user = userEvent.setup()
  await user.type(
    screen.getByRole('textbox', { name: 'The couple’s wedding site address' }),
    'maria-and-juan',
  )
  await user.click(screen.getByRole('button', { name: 'Go to their site' }))
  expect(assign).toHaveBeenCalledWith('/wedding/maria-and-juan')
  expect(router.state.location.pathname).toBe('/404')
})
