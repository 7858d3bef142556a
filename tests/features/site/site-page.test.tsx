import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { demoSite, renderAt, setUpI18n } from './render-site'

const api = vi.hoisted(() => ({ getSite: vi.fn(), setWeddingPublished: vi.fn() }))
vi.mock('@/lib/api/site', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))
vi.mock('@/lib/api/publishing', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))
vi.mock('@/features/site/rsvp-search/rsvp-name-search', () => ({
  RsvpNameSearch: () => <p>name search</p>,
}))

const { SitePage } = await import('@/features/site/routes/site-page')
const { SiteView } = await import('@/features/site/components/site-view')
const { useSiteStore } = await import('@/features/site/site-store')
const initial = useSiteStore.getState()

beforeAll(async () => {
  await setUpI18n('fil')
  // The sections below the hero and the drawer are their own chunks; load them once up front.
  await Promise.all([
    import('@/features/site/sections/section-view'),
    import('@/features/site/components/site-drawer'),
  ])
})
beforeEach(() => {
  useSiteStore.setState(initial, true)
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.clearAllMocks())

const names = /Isabel\s*&\s*Miguel/

describe('the site page', () => {
  test('“Hinihintay ang pahina…” until the site is there, then every visible section in order', async () => {
    let answer!: (site: unknown) => void
    api.getSite.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const { container } = renderAt(<SitePage />, '/wedding/isabel-and-miguel')
    expect(screen.getByRole('status')).toHaveTextContent('Hinihintay ang pahina…')

    answer(demoSite())
    expect(await screen.findByRole('heading', { level: 1, name: names })).toBeInTheDocument()
    // The sections below the first screen follow in a later render; the overlay stays until they
    // are drawn and the first images have loaded.
    await screen.findByRole('region', { name: 'Makipag-ugnayan' }, { timeout: 3000 })
    const overlay = screen.getByText('Hinihintay ang pahina…').closest('[data-hidden]')!
    expect(overlay).toHaveAttribute('data-hidden', 'false')
    const eager = container.querySelectorAll('img:not([loading="lazy"])')
    expect(eager.length).toBeGreaterThan(0)
    // The page listens for these loads in an effect that runs after the render; on a busy machine
    // it can come after the first try, so the loads are fired until the overlay answers them.
    await waitFor(() => {
      eager.forEach((image) => fireEvent.load(image))
      expect(overlay).toHaveAttribute('data-hidden', 'true')
    })

    const headings = Array.from(container.querySelectorAll('main h2')).map(
      (heading) => heading.textContent,
    )
    expect(headings).toEqual([
      'Hardin ng Pinagpala',
      'Pagtitipon',
      'Gayak',
      'Tuluyan',
      'Gabay',
      'Pasyalan at Kainan',
      'Handog',
      'Katanungan',
      'RSVP',
      'Makipag-ugnayan',
    ])
    expect(document.title).toBe('Isabel & Miguel · 12 Disyembre 2025')
    expect(
      screen.queryByRole('complementary', { name: 'Para sa inyo lamang' }),
    ).not.toBeInTheDocument()
  })

  test('the first screen alone: the header and the first section, without the sections below, the contact or the footer', () => {
    renderAt(<SiteView site={demoSite()} firstScreenOnly />)
    expect(screen.getByRole('heading', { level: 1, name: names })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Pagtitipon' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'RSVP' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Makipag-ugnayan' })).not.toBeInTheDocument()
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
  })

  test('the contact block: names, e-mail and phone', async () => {
    api.getSite.mockResolvedValue(demoSite())
    renderAt(<SitePage />)
    const contact = await screen.findByRole(
      'region',
      { name: 'Makipag-ugnayan' },
      { timeout: 3000 },
    )
    expect(within(contact).getByText(/Isabel at Miguel/)).toBeInTheDocument()
    expect(
      within(contact).getByRole('link', { name: 'isabelatmiguel@example.com' }),
    ).toHaveAttribute('href', 'mailto:isabelatmiguel@example.com')
    expect(within(contact).getByRole('link', { name: '+63 917 555 0142' })).toHaveAttribute(
      'href',
      'tel:+639175550142',
    )
  })

  test('the contact block names one person with “ni”, several with “nina”', async () => {
    const { ContactBlock } = await import('@/features/site/components/contact-block')
    const { unmount } = renderAt(
      <ContactBlock contact={{ names: 'Tita Carmen', phone: '+63 917 555 0142' }} />,
    )
    const contact = screen.getByRole('region', { name: 'Makipag-ugnayan' })
    expect(contact).toHaveTextContent(
      'Ikagagalak ni Tita Carmen na sagutin ang anumang tanong ninyo.',
    )
    expect(contact).not.toHaveTextContent('nina')
    unmount()
    renderAt(
      <ContactBlock contact={{ names: 'Tita Carmen at Tito Ben', phone: '+63 917 555 0142' }} />,
    )
    expect(screen.getByRole('region', { name: 'Makipag-ugnayan' })).toHaveTextContent(
      'Ikagagalak nina Tita Carmen at Tito Ben na sagutin ang anumang tanong ninyo.',
    )
  })

  test('the drawer lists the visible sections and opens one alone on its own page', async () => {
    api.getSite.mockResolvedValue(demoSite())
    const { history } = renderAt(<SitePage />)
    await screen.findByRole('heading', { level: 1, name: names })

    await userEvent.click(screen.getByRole('button', { name: 'Buksan ang menu' }))
    const drawer = await screen.findByRole('dialog')
    const links = within(drawer).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Simula', '/wedding/isabel-and-miguel/home'],
      ['Pagtitipon', '/wedding/isabel-and-miguel/schedule'],
      ['Tuluyan', '/wedding/isabel-and-miguel/travel'],
      ['Gabay', '/wedding/isabel-and-miguel/wedding-party'],
      ['Pasyalan at Kainan', '/wedding/isabel-and-miguel/things-to-do'],
      ['Handog', '/wedding/isabel-and-miguel/registry'],
      ['Katanungan', '/wedding/isabel-and-miguel/faqs'],
      ['RSVP', '/wedding/isabel-and-miguel/rsvp'],
    ])

    await userEvent.click(within(drawer).getByRole('link', { name: 'Tuluyan' }))
    expect(history.location.pathname).toBe('/wedding/isabel-and-miguel/travel')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tuluyan' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Pagtitipon' })).not.toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Bumalik sa simula' })).toHaveAttribute(
      'href',
      '/wedding/isabel-and-miguel',
    )
    expect(api.getSite).toHaveBeenCalledTimes(1)
  })

  test('a section that is hidden or unknown is not found', async () => {
    api.getSite.mockResolvedValue(demoSite())
    const { history } = renderAt(<SitePage />, '/wedding/isabel-and-miguel/gallery')
    await waitFor(() => expect(history.location.pathname).toBe('/404'))
  })

  test('an unknown slug goes to /404', async () => {
    api.getSite.mockResolvedValue(null)
    const { history } = renderAt(<SitePage />, '/wedding/walang-ganito')
    await waitFor(() => expect(history.location.pathname).toBe('/404'))
    expect(api.getSite).toHaveBeenCalledWith('walang-ganito')
  })

  test('/ shows the default site', async () => {
    api.getSite.mockResolvedValue(demoSite())
    renderAt(<SitePage />, '/')
    expect(await screen.findByRole('heading', { level: 1, name: names })).toBeInTheDocument()
    expect(api.getSite).toHaveBeenCalledWith('isabel-and-miguel')
  })

  test('a failed fetch says so and offers a retry', async () => {
    api.getSite.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    api.getSite.mockResolvedValueOnce({
      ...demoSite(),
      slug: 'maria',
      wedding: { ...demoSite().wedding, slug: 'maria' },
    })
    renderAt(<SitePage />, '/wedding/maria')
    expect(
      await screen.findByRole('heading', { name: 'Hindi ma-load ang site' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Hindi namin maabot ang server')
    await userEvent.click(screen.getByRole('button', { name: 'Subukang muli' }))
    expect(await screen.findByRole('heading', { level: 1, name: names })).toBeInTheDocument()
  })
})

describe('the owner’s view', () => {
  test('an unpublished site shows its owner a banner with Publish, then Unpublish', async () => {
    const site = demoSite({ isCouple: true, isPublished: false })
    api.getSite.mockResolvedValue(site)
    api.setWeddingPublished.mockImplementation(async (id: string, published: boolean) => ({
      id,
      slug: site.slug,
      isPublished: published,
    }))
    renderAt(<SitePage />)

    const banner = await screen.findByRole(
      'complementary',
      { name: 'Para sa inyo lamang' },
      { timeout: 5000 },
    )
    expect(banner).toHaveTextContent('Pribado pa ang inyong site.')
    await userEvent.click(within(banner).getByRole('button', { name: 'Ilathala' }))
    expect(api.setWeddingPublished).toHaveBeenCalledWith(site.wedding.id, true)
    expect(await within(banner).findByText('Nakalathala na ang inyong site.')).toBeInTheDocument()
    // On the embedded database only this browser sees it: how to share it is on Your data, not in a
    // README a couple never sees.
    expect(banner).toHaveTextContent(
      'Para maibahagi sa mga bisita, ilipat ang inyong kasal sa hosted na Kasalan: nasa Ang inyong data, sa menu ng inyong account, kung paano.',
    )
    expect(banner).not.toHaveTextContent('README')

    await userEvent.click(within(banner).getByRole('button', { name: 'Itago sa mga bisita' }))
    expect(api.setWeddingPublished).toHaveBeenLastCalledWith(site.wedding.id, false)
    expect(await within(banner).findByText('Pribado pa ang inyong site.')).toBeInTheDocument()
  })

  test('a refused publish says why', async () => {
    api.getSite.mockResolvedValue(demoSite({ isCouple: true, isPublished: false }))
    const { BackendError } = await import('@/lib/backend')
    api.setWeddingPublished.mockRejectedValue(new BackendError('wedding_not_found', 'P0001'))
    renderAt(<SitePage />)
    await userEvent.click(await screen.findByRole('button', { name: 'Ilathala' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hindi namin mahanap ang kasalang ito.',
    )
  })
})
