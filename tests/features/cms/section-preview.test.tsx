// The content editor's preview is the wedding's own site with the section being written: the
// venue, hashtag and site language come from the wedding as the public site reads them.
import { render, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeAll, expect, test, vi } from 'vitest'
import { SectionEditor } from '@/features/cms/components/section-editor'
import type { SectionContent, Site, Wedding } from '@/lib/api'
import { setUpI18n } from './setup-i18n'

const api = vi.hoisted(() => ({
  getSectionContent: vi.fn(),
  saveSectionContent: vi.fn(),
  getMediaInUse: vi.fn(async () => []),
}))
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), ...api }))
vi.mock('@/lib/media', () => ({ getMedia: vi.fn(), resolveImageSrc: vi.fn(async () => null) }))
const shown = vi.hoisted(() => ({ sites: [] as Site[] }))
vi.mock('@/components/site-preview-frame', () => ({
  SitePreviewFrame: ({ site, title }: { site: Site; title: string }) => {
    shown.sites.push(site)
    return <p>{title}</p>
  },
}))

const home = {
  id: '22222222-2222-4222-8222-222222222222',
  weddingId: 'w',
  type: 'home' as const,
  label: 'Home',
  title: '',
  path: 'home',
  visible: true,
  data: {},
  orderIndex: 0,
}
const wedding = {
  id: 'w',
  userId: 'u',
  slug: 'maria-and-juan',
  title: 'Maria & Juan',
  bride: { firstName: 'Maria', lastName: 'Reyes' },
  groom: { firstName: 'Juan', lastName: 'Cruz' },
  date: '2027-02-14',
  theme: { name: 'classic' },
  isPublished: false,
  rsvpDeadline: null,
  rsvpQuestions: [],
  contact: {},
  location: { venue: 'San Agustin Church', city: 'Intramuros, Manila', country: 'Philippines' },
  hashtag: '#MariaAtJuan2027',
  siteLanguage: 'en',
  sections: [home],
} satisfies Wedding
const loaded: SectionContent = { section: home, contentUpdatedAt: '2026-11-23T10:00:00.000000+00:00' }

beforeAll(async () => {
  await setUpI18n('en')
})

test("the preview carries the wedding's venue, hashtag and site language", async () => {
  api.getSectionContent.mockResolvedValue(loaded)
  render(
    <MemoryRouter>
      <SectionEditor wedding={wedding} sectionId={home.id} />
    </MemoryRouter>,
  )
  await waitFor(() => expect(shown.sites.length).toBeGreaterThan(0))
  expect(shown.sites.at(-1)!.wedding).toMatchObject({
    location: wedding.location,
    hashtag: '#MariaAtJuan2027',
    siteLanguage: 'en',
  })
})
