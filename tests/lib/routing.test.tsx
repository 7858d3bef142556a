// @vitest-environment jsdom
// The public site's routing (wouter with what it leaves to us): which page an address is, links
// that stay real links (a new tab, another site or management are the browser's), navigation,
// back and forward, and scrolling.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { Redirect, Route, Router, Switch, useLocation, useParams, useSearchParams } from 'wouter'
import {
  entryState,
  Link,
  routePattern,
  ScrollRestoration,
  siteLocation,
  useLocationState,
  useNavigate,
} from '@/lib/routing'
import { renderRoutes } from '../support/routing'

/** The parameters wouter's `<Route>` gives for `pathname` (the address bar), or null when it does not match. */
function matchPath(
  { path, caseSensitive }: { path: string; caseSensitive?: boolean },
  pathname: string,
) {
  window.history.replaceState(null, '', pathname)
  let params: Record<string, string | undefined> | null = null
  const { unmount } = render(
    <Router hook={siteLocation(() => true)}>
      <Route path={routePattern(path, caseSensitive)}>
        {(matched) => {
          // wouter gives a pattern's groups by position as well as by name.
          params = Object.fromEntries(Object.entries(matched).filter(([key]) => !/^\d+$/.test(key)))
          return null
        }}
      </Route>
    </Router>,
  )
  unmount()
  return params
}

describe('matching an address', () => {
  test('parameters come decoded; one trailing slash is allowed; empty segments are not', () => {
    expect(matchPath({ path: '/wedding/:slug' }, '/wedding/maria-and-juan')).toEqual({
      slug: 'maria-and-juan',
    })
    expect(matchPath({ path: '/wedding/:slug' }, '/wedding/ma%C3%B1a')).toEqual({ slug: 'maña' })
    expect(matchPath({ path: '/rsvp/:householdId/:personId' }, '/rsvp/g1/p1/')).toEqual({
      householdId: 'g1',
      personId: 'p1',
    })
    expect(matchPath({ path: '/' }, '/')).toEqual({})
    expect(matchPath({ path: '/' }, '/wedding')).toBeNull()
    expect(matchPath({ path: '/wedding/:slug' }, '/wedding/')).toBeNull()
    expect(matchPath({ path: '/wedding/:slug' }, '/wedding//x')).toBeNull()
    expect(matchPath({ path: '/wedding/:slug' }, '/wedding/a/b')).toBeNull()
    // A bad escape is kept as typed rather than thrown.
    expect(matchPath({ path: '/i/:code' }, '/i/%E0%A4%A')).toEqual({ code: '%E0%A4%A' })
  })

  test('static segments follow caseSensitive; parameters keep their case', () => {
    expect(matchPath({ path: '/wedding/:slug', caseSensitive: true }, '/Wedding/x')).toBeNull()
    expect(matchPath({ path: '/i/:code' }, '/I/AbC')).toEqual({ code: 'AbC' })
  })

  test('the first route that matches wins', () => {
    function Shown({ route }: { route: string }) {
      const { slug, section, code } = useParams()
      return <p>{`${route} ${JSON.stringify({ slug, section, code })}`}</p>
    }
    const routes = ['/wedding/:slug/:section', '/wedding/:slug/i/:code', '/wedding/:slug'].map(
      (path) => ({ path, element: <Shown route={path} /> }),
    )
    const { unmount } = renderRoutes(routes, '/wedding/x/i/ABCD2345')
    expect(
      screen.getByText('/wedding/:slug/i/:code {"slug":"x","code":"ABCD2345"}'),
    ).toBeInTheDocument()
    unmount()
    const second = renderRoutes(routes, '/wedding/x/rsvp')
    expect(
      screen.getByText('/wedding/:slug/:section {"slug":"x","section":"rsvp"}'),
    ).toBeInTheDocument()
    second.unmount()
    const { container } = renderRoutes(routes, '/manage')
    expect(container).toBeEmptyDOMElement()
  })
})

function Where() {
  const [pathname] = useLocation()
  const [search] = useSearchParams()
  const state = useLocationState()
  return (
    <p>
      at {pathname}
      {search.get('code') ? ` code ${search.get('code')}` : ''}
      {state ? ` with ${JSON.stringify(state)}` : ''}
    </p>
  )
}

function Page() {
  const { slug, section } = useParams()
  return (
    <>
      <h1>
        {slug} {section ?? 'home'}
      </h1>
      <Where />
      <Link to="/wedding/maria/story">Our story</Link>
      <Link to="/wedding/maria/story" target="_blank">
        In a new tab
      </Link>
      <Link to="https://example.com/">Elsewhere</Link>
      <Link to="/manage/website">Edit the site</Link>
      <Link to="#rsvp">To the RSVP</Link>
      <Link to="/wedding/maria/rsvp?code=ABCD2345" replace state={{ from: 'home' }}>
        Replace
      </Link>
    </>
  )
}

const pages = [
  { path: '/wedding/:slug', element: <Page /> },
  { path: '/wedding/:slug/:section', element: <Page /> },
]

describe('links', () => {
  test('a plain left click moves without a page load and pushes an entry', () => {
    const { history } = renderRoutes(pages, '/wedding/maria')
    const entries = history.length
    const link = screen.getByRole('link', { name: 'Our story' })
    expect(link).toHaveAttribute('href', '/wedding/maria/story')
    const click = fireEvent.click(link)
    expect(click).toBe(false)
    expect(history.location.pathname).toBe('/wedding/maria/story')
    expect(history.length).toBe(entries + 1)
  })

  test.each([
    ['metaKey', { metaKey: true }],
    ['ctrlKey', { ctrlKey: true }],
    ['shiftKey', { shiftKey: true }],
    ['altKey', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('%s is left to the browser', (_name, init) => {
    const { history } = renderRoutes(pages, '/wedding/maria')
    const click = fireEvent.click(screen.getByRole('link', { name: 'Our story' }), init)
    expect(click).toBe(true)
    expect(history.location.pathname).toBe('/wedding/maria')
  })

  test('target=_blank, another site, management and a jump within the page are left to the browser', () => {
    const { history } = renderRoutes(pages, '/wedding/maria')
    const entries = history.length
    for (const name of ['In a new tab', 'Elsewhere', 'Edit the site', 'To the RSVP']) {
      expect(fireEvent.click(screen.getByRole('link', { name }))).toBe(true)
    }
    expect(history.location.pathname).toBe('/wedding/maria')
    expect(history.length).toBe(entries)
  })

  test('a click someone else already handled is left alone', () => {
    const { history } = renderRoutes(pages, '/wedding/maria')
    const link = screen.getByRole('link', { name: 'Our story' })
    link.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(link)
    expect(history.location.pathname).toBe('/wedding/maria')
  })

  test('replace and state: the entry is replaced and the next page reads the state and query', async () => {
    const { history } = renderRoutes(pages, '/wedding/maria')
    const entries = history.length
    fireEvent.click(screen.getByRole('link', { name: 'Replace' }))
    expect(history.location.pathname + history.location.search).toBe(
      '/wedding/maria/rsvp?code=ABCD2345',
    )
    expect(history.length).toBe(entries)
    expect(
      await screen.findByText('at /wedding/maria/rsvp code ABCD2345 with {"from":"home"}'),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('maria rsvp')
  })
})

describe('navigating', () => {
  function Buttons() {
    const navigate = useNavigate()
    return (
      <>
        <Where />
        <button type="button" onClick={() => navigate('/wedding/maria/story')}>
          Push
        </button>
        <button type="button" onClick={() => navigate('/wedding/maria/faqs', { replace: true })}>
          Replace
        </button>
        <button type="button" onClick={() => navigate('/manage/guests')}>
          Manage
        </button>
      </>
    )
  }
  const routes = [
    { path: '/wedding/:slug', element: <Buttons /> },
    { path: '/wedding/:slug/:section', element: <Buttons /> },
  ]

  afterEach(() => vi.unstubAllGlobals())

  test('push, replace, and back (popstate) redraw the page', async () => {
    const { history } = renderRoutes(routes, '/wedding/maria')
    const entries = history.length
    fireEvent.click(screen.getByRole('button', { name: 'Push' }))
    expect(await screen.findByText('at /wedding/maria/story')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }))
    expect(await screen.findByText('at /wedding/maria/faqs')).toBeInTheDocument()
    expect(history.length).toBe(entries + 1)
    act(() => window.history.back())
    expect(await screen.findByText('at /wedding/maria')).toBeInTheDocument()
  })

  test('going to where one already is replaces the entry', () => {
    const { history } = renderRoutes(
      [{ path: '/wedding/:slug/:section', element: <Buttons /> }],
      '/wedding/maria/story',
    )
    const entries = history.length
    fireEvent.click(screen.getByRole('button', { name: 'Push' }))
    expect(history.location.pathname).toBe('/wedding/maria/story')
    expect(history.length).toBe(entries)
  })

  test('an address outside the public site is a full page load', () => {
    const assign = vi.fn()
    vi.stubGlobal('location', {
      ...window.location,
      href: 'http://localhost/wedding/maria',
      origin: 'http://localhost',
      assign,
    })
    const { history } = renderRoutes(routes, '/wedding/maria')
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }))
    expect(assign).toHaveBeenCalledWith('/manage/guests')
    expect(history.location.pathname).toBe('/wedding/maria')
  })

  test('<Redirect> replaces the entry, with its state', async () => {
    const entries = window.history.length
    const { history } = renderRoutes(
      [
        {
          path: '/wedding/:slug',
          element: <Redirect to="/404" replace state={{ from: '/wedding/walang' }} />,
        },
        { path: '/404', element: <Where /> },
      ],
      '/wedding/walang',
    )
    expect(await screen.findByText('at /404 with {"from":"/wedding/walang"}')).toBeInTheDocument()
    expect(history.location.pathname).toBe('/404')
    expect(history.length).toBe(entries)
  })

  test('no route: the fallback', () => {
    window.history.replaceState(null, '', '/nowhere')
    render(
      <Router hook={siteLocation(() => true)}>
        <Switch>
          <Route path={routePattern('/', true)}>
            <p>home</p>
          </Route>
          <Route>
            <p>nothing here</p>
          </Route>
        </Switch>
      </Router>,
    )
    expect(screen.getByText('nothing here')).toBeInTheDocument()
  })
})

describe('the browser history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  function Pages() {
    const navigate = useNavigate()
    return (
      <>
        <ScrollRestoration />
        <Where />
        <button
          type="button"
          onClick={() => navigate('/wedding/maria/story?x=1#top', { state: { from: 'home' } })}
        >
          Go
        </button>
      </>
    )
  }

  test('keys every entry, keeps state in react-router’s shape, and follows popstate', async () => {
    window.history.replaceState(null, '', '/wedding/maria')
    render(
      <Router hook={siteLocation(() => true)}>
        <Pages />
      </Router>,
    )
    const first = entryState().key
    expect(first).toEqual(expect.any(String))
    fireEvent.click(screen.getByRole('button', { name: 'Go' }))
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/wedding/maria/story?x=1#top',
    )
    expect(window.history.state).toMatchObject({ usr: { from: 'home' }, key: expect.any(String) })
    expect(entryState().key).not.toBe(first)
    expect(
      await screen.findByText('at /wedding/maria/story with {"from":"home"}'),
    ).toBeInTheDocument()
    // The back button: the browser restores the entry, then fires popstate.
    act(() => window.history.back())
    expect(await screen.findByText('at /wedding/maria')).toBeInTheDocument()
    expect(entryState().key).toBe(first)
  })
})

describe('scroll restoration', () => {
  test('a new page starts at the top; back returns to where the page was', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    window.history.replaceState(null, '', '/wedding/maria')
    render(
      <Router hook={siteLocation(() => true)}>
        <ScrollRestoration />
        <Switch>
          <Route path={routePattern('/wedding/:slug', true)} component={Where} />
          <Route path={routePattern('/wedding/:slug/:section', true)} component={Where} />
        </Switch>
      </Router>,
    )
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 })
    act(() => window.history.pushState({ usr: null, key: 'story' }, '', '/wedding/maria/story'))
    expect(await screen.findByText('at /wedding/maria/story')).toBeInTheDocument()
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 })
    act(() => window.history.back())
    expect(await screen.findByText('at /wedding/maria')).toBeInTheDocument()
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640)
    scrollTo.mockRestore()
  })
})
