// The footer's word about Kasalan: "make your own" only on the sample wedding at `/`, never on a
// couple's own site.
import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { SiteFooter } from '@/features/site/components/site-footer'
import { demoSiteSlug } from '@/features/site/model/slug'
import { useSiteStore } from '@/features/site/site-store'
import demo from '../../../supabase/seed-data/demo-wedding.json'
import { demoSite, renderAt, setUpI18n } from './render-site'

beforeEach(() => useSiteStore.setState({ isDemo: false }))

describe('the site footer', () => {
  test('on the sample wedding at /, invites the visitor to make their own, in Filipino and English', async () => {
    await setUpI18n('fil')
    renderAt(<SiteFooter site={demoSite()} />, '/')
    expect(
      screen.getByRole('link', { name: 'Ginawa gamit ang Kasalan — gumawa ng sa inyo' }),
    ).toHaveAttribute('href', '/auth/register')
    await setUpI18n('en')
    expect(
      await screen.findByRole('link', { name: 'Made with Kasalan — make your own' }),
    ).toHaveAttribute('href', '/auth/register')
  })

  test('not on a couple’s site, even the sample one by its own address', async () => {
    await setUpI18n('en')
    renderAt(<SiteFooter site={demoSite()} />, '/wedding/isabel-and-miguel')
    expect(screen.queryByText(/make your own/)).not.toBeInTheDocument()
  })

  test('not at / when / is a couple’s own site', async () => {
    await setUpI18n('en')
    renderAt(<SiteFooter site={demoSite({ slug: 'maria-and-juan' })} />, '/')
    expect(screen.queryByText(/make your own/)).not.toBeInTheDocument()
  })

  test('knows the sample wedding by the seed’s slug', () => {
    expect(demoSiteSlug).toBe(demo.wedding.slug)
  })
})
