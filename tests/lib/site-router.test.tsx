// The public site's own router: which page an address is, links that stay real links (a new tab,
// another site or management are the browser's), navigation, back and forward, and scrolling.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  createBrowserHistory,
  createMemoryHistory,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  Router,
  Routes,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type Route,
} from '@/lib/site-router'
import { renderRoutes } from '../support/site-router'

describe('matching an address', () => {
  test('parameters come decoded; one trailing slash is allowed; empty segments are not', () => {
    expect(matchPath({ path: '/wedding/:slug' }, '/wedding/maria-and-juan')).toEqual({
      slug: 'maria-and-juan',
    })
    expect(matchPath({ path: '/wedding/:slug' }, '/wedding/ma%C3%B1a')).toEqual({ slug: 'maña' })
    expect(matchPath({ path: '/rsvp/:guestId/:personId' }, '/rsvp/g1/p1/')).toEqual({
      guestId: 'g1',
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
    const routes = [
      { path: '/wedding/:slug/:section' },
      { path: '/wedding/:slug/i/:code' },
      { path: '/wedding/:slug' },
    ]
    expect(matchRoutes(routes, '/wedding/x/i/ABCD2345')?.route.path).toBe('/wedding/:slug/i/:code')
    expect(matchRoutes(routes, '/wedding/x/rsvp')?.params).toEqual({ slug: 'x', section: 'rsvp' })
    expect(matchRoutes(routes, '/manage')).toBeNull()
  })
})

function Where() {
  const location = useLocation()
  const [search] = useSearchParams()
  return (
    <p>
      at {location.pathname}
      {search.get('code') ? ` code ${search.get('code')}` : ''}
      {location.state ? ` with ${JSON.stringify(location.state)}` : ''}
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
    const link = screen.getByRole('link', { name: 'Our story' })
    expect(link).toHaveAttribute('href', '/wedding/maria/story')
    const click = fireEvent.click(link)
    expect(click).toBe(false)
    expect(history.location.pathname).toBe('/wedding/maria/story')
    expect(history.entries).toEqual(['/wedding/maria', '/wedding/maria/story'])
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
    for (const name of ['In a new tab', 'Elsewhere', 'Edit the site', 'To the RSVP']) {
      expect(fireEvent.click(screen.getByRole('link', { name }))).toBe(true)
    }
    expect(history.location.pathname).toBe('/wedding/maria')
    expect(history.entries).toHaveLength(1)
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
    fireEvent.click(screen.getByRole('link', { name: 'Replace' }))
    expect(history.entries).toEqual(['/wedding/maria/rsvp?code=ABCD2345'])
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
    fireEvent.click(screen.getByRole('button', { name: 'Push' }))
    expect(await screen.findByText('at /wedding/maria/story')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }))
    expect(await screen.findByText('at /wedding/maria/faqs')).toBeInTheDocument()
    expect(history.entries).toEqual(['/wedding/maria', '/wedding/maria/faqs'])
    act(() => history.back())
    expect(await screen.findByText('at /wedding/maria')).toBeInTheDocument()
  })

  test('going to where one already is replaces the entry', () => {
    const { history } = renderRoutes(
      [{ path: '/wedding/:slug/:section', element: <Buttons /> }],
      '/wedding/maria/story',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Push' }))
    expect(history.entries).toEqual(['/wedding/maria/story'])
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

  test('<Navigate> replaces the entry, with its state', async () => {
    const { history } = renderRoutes(
      [
        {
          path: '/wedding/:slug',
          element: <Navigate to="/404" replace state={{ from: '/wedding/walang' }} />,
        },
        { path: '/404', element: <Where /> },
      ],
      '/wedding/walang',
    )
    expect(await screen.findByText('at /404 with {"from":"/wedding/walang"}')).toBeInTheDocument()
    expect(history.entries).toEqual(['/404'])
  })

  test('no route: the fallback', () => {
    const routes: Route[] = [{ path: '/', Component: () => <p>home</p> }]
    render(
      <Router history={createMemoryHistory(['/nowhere'])} owns={() => true}>
        <Routes routes={routes} fallback={<p>nothing here</p>} />
      </Router>,
    )
    expect(screen.getByText('nothing here')).toBeInTheDocument()
  })
})

describe('the browser history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  test('keys every entry, keeps state in react-router’s shape, and follows popstate', () => {
    window.history.replaceState(null, '', '/wedding/maria')
    const history = createBrowserHistory()
    const first = history.location.key
    expect(first).not.toBe('default')
    const seen: string[] = []
    history.listen((location, action, previous) =>
      seen.push(`${action} ${previous.pathname} -> ${location.pathname}`),
    )
    history.push('/wedding/maria/story?x=1#top', { from: 'home' })
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/wedding/maria/story?x=1#top',
    )
    expect(window.history.state).toMatchObject({ usr: { from: 'home' }, idx: 1 })
    expect(history.location).toMatchObject({
      pathname: '/wedding/maria/story',
      search: '?x=1',
      hash: '#top',
      state: { from: 'home' },
    })
    // The back button: the browser restores the entry, then fires popstate.
    window.history.replaceState({ usr: null, key: first, idx: 0 }, '', '/wedding/maria')
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(history.location).toMatchObject({ pathname: '/wedding/maria', key: first })
    expect(history.action).toBe('POP')
    expect(seen).toEqual([
      'PUSH /wedding/maria -> /wedding/maria/story',
      'POP /wedding/maria/story -> /wedding/maria',
    ])
  })
})

describe('scroll restoration', () => {
  test('a new page starts at the top; back returns to where the page was', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const history = createMemoryHistory(['/wedding/maria'])
    const routes: Route[] = [
      { path: '/wedding/:slug', Component: Where },
      { path: '/wedding/:slug/:section', Component: Where },
    ]
    render(
      <Router history={history} owns={() => true}>
        <ScrollRestoration />
        <Routes routes={routes} />
      </Router>,
    )
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 })
    act(() => history.push('/wedding/maria/story'))
    expect(await screen.findByText('at /wedding/maria/story')).toBeInTheDocument()
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 })
    act(() => history.back())
    expect(await screen.findByText('at /wedding/maria')).toBeInTheDocument()
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640)
    scrollTo.mockRestore()
  })
})
