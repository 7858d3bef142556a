// The editor never loses typing: a draft survives a reload, a failed save keeps the form and says
// why, and a save over another device's newer change asks which version to keep.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { SectionEditor } from '@/features/content/components/section-editor'
import type { SectionContent, Site, Wedding } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import { setUpI18n } from './setup-i18n'

const api = vi.hoisted(() => ({
  getSectionContent: vi.fn(),
  saveSectionContent: vi.fn(),
  getMediaInUse: vi.fn(async () => []),
}))
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), ...api }))
vi.mock('@/lib/media', () => ({ getMedia: vi.fn(), resolveImageSrc: vi.fn(async () => null) }))
const previewed = vi.hoisted(() => ({ sites: [] as Site[] }))
vi.mock('@/components/site-preview-frame', () => ({
  SitePreviewFrame: ({ site, title }: { site: Site; title: string }) => {
    previewed.sites.push(site)
    return <p>{title}</p>
  },
}))

const section = {
  id: '11111111-1111-4111-8111-111111111111',
  weddingId: 'w',
  type: 'faqs' as const,
  label: 'FAQs',
  title: 'Katanungan',
  path: 'faqs',
  visible: true,
  data: { faqs: [{ question: 'Kailan?' }] },
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
  sections: [section],
} satisfies Wedding
const loaded: SectionContent = { section, contentUpdatedAt: '2026-11-23T10:00:00.000000+00:00' }

// A data router, as the app's: the editor asks before leaving with unsaved changes (useBlocker).
const renderEditor = () =>
  render(
    <RouterProvider
      router={createMemoryRouter([
        { path: '/', element: <SectionEditor wedding={wedding} sectionId={section.id} /> },
      ])}
    />,
  )

beforeAll(async () => {
  await setUpI18n('en')
})

beforeEach(() => {
  localStorage.clear()
  vi.clearAllMocks()
  api.getSectionContent.mockResolvedValue(loaded)
})

describe('SectionEditor', () => {
  test('saves the typed answer with the loaded version as its base', async () => {
    const user = userEvent.setup()
    api.saveSectionContent.mockImplementation(
      async (_id: string, title: string, data: Record<string, unknown>) => ({
        section: { ...section, title, data },
        contentUpdatedAt: '2026-11-23T11:00:00.000000+00:00',
      }),
    )
    renderEditor()
    await user.type(await screen.findByLabelText('Answer'), 'Sa Pebrero')
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'))
    expect(api.saveSectionContent).toHaveBeenCalledWith(
      section.id,
      'Katanungan',
      { header: { title: 'Katanungan' }, faqs: [{ question: 'Kailan?', answer: 'Sa Pebrero' }] },
      loaded.contentUpdatedAt,
    )
    expect(localStorage.length).toBe(0)
  })

  test('a failed save keeps what was typed and says why; the draft survives a reload', async () => {
    const user = userEvent.setup()
    api.saveSectionContent.mockRejectedValue(new TypeError('Failed to fetch'))
    const { unmount } = renderEditor()
    await user.type(await screen.findByLabelText('Answer'), 'Sa Pebrero')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Not saved. Your changes are still here.',
      ),
    )
    expect(screen.getByRole('status')).toHaveTextContent("We couldn't reach the server")
    expect(screen.getByLabelText('Answer')).toHaveValue('Sa Pebrero')

    unmount()
    renderEditor()
    expect(await screen.findByLabelText('Answer')).toHaveValue('Sa Pebrero')
    expect(screen.getByText(/We brought back the changes you hadn't saved/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Discard my changes' }))
    expect(screen.getByLabelText('Answer')).toHaveValue('')
  })

  test('a value the database would refuse is marked before anything is sent', async () => {
    const user = userEvent.setup()
    // An old draft from before the limits, with a link that is not one.
    localStorage.setItem(
      `kasalan.contentDraft.${section.id}`,
      JSON.stringify({
        title: 'Katanungan',
        data: { faqs: [{ question: 'x'.repeat(201) }] },
        baseContentUpdatedAt: loaded.contentUpdatedAt,
        changedAt: '2026-11-23T10:10:00.000Z',
      }),
    )
    renderEditor()
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    expect(screen.getByText('Not saved: please fix the fields marked below.')).toBeInTheDocument()
    expect(screen.getByLabelText('Question')).toHaveAccessibleDescription('This is too long.')
    expect(api.saveSectionContent).not.toHaveBeenCalled()
  })

  test('a newer change from another device is never overwritten: the couple chooses', async () => {
    const user = userEvent.setup()
    const theirs: SectionContent = {
      section: { ...section, data: { faqs: [{ question: 'Saan?' }] } },
      contentUpdatedAt: '2026-11-23T10:30:00.000000+00:00',
    }
    api.saveSectionContent.mockRejectedValueOnce(
      new BackendError('section_content_conflict', 'P0001'),
    )
    renderEditor()
    await user.type(await screen.findByLabelText('Answer'), 'Sa Pebrero')
    api.getSectionContent.mockResolvedValue(theirs)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('FAQs was changed on another device')).toBeInTheDocument()
    expect(screen.getByLabelText('Answer')).toHaveValue('Sa Pebrero')

    api.saveSectionContent.mockResolvedValueOnce({
      ...theirs,
      contentUpdatedAt: '2026-11-23T10:40:00.000000+00:00',
    })
    await user.click(screen.getByRole('button', { name: 'Keep my version' }))
    await waitFor(() => expect(api.saveSectionContent).toHaveBeenCalledTimes(2))
    expect(api.saveSectionContent).toHaveBeenLastCalledWith(
      section.id,
      'Katanungan',
      expect.anything(),
      theirs.contentUpdatedAt,
    )
  })

  test('or takes the other version instead', async () => {
    const user = userEvent.setup()
    const theirs: SectionContent = {
      section: { ...section, data: { faqs: [{ question: 'Saan?' }] } },
      contentUpdatedAt: '2026-11-23T10:30:00.000000+00:00',
    }
    api.saveSectionContent.mockRejectedValueOnce(
      new BackendError('section_content_conflict', 'P0001'),
    )
    renderEditor()
    await user.type(await screen.findByLabelText('Answer'), 'Sa Pebrero')
    api.getSectionContent.mockResolvedValue(theirs)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.click(await screen.findByRole('button', { name: 'Use the other version' }))
    expect(screen.getByLabelText('Question')).toHaveValue('Saan?')
    expect(screen.getByLabelText('Answer')).toHaveValue('')
    expect(localStorage.length).toBe(0)
  })

  test("the preview is the wedding's own site: its venue, hashtag and site language too", async () => {
    const withDetails = {
      ...wedding,
      location: { venue: 'San Agustin Church', city: 'Intramuros, Manila', country: 'Philippines' },
      hashtag: '#MariaAtJuan2027',
      siteLanguage: 'en' as const,
    }
    previewed.sites.length = 0
    render(
      <RouterProvider
        router={createMemoryRouter([
          { path: '/', element: <SectionEditor wedding={withDetails} sectionId={section.id} /> },
        ])}
      />,
    )
    await waitFor(() => expect(previewed.sites.length).toBeGreaterThan(0))
    expect(previewed.sites.at(-1)!.wedding).toMatchObject({
      location: withDetails.location,
      hashtag: '#MariaAtJuan2027',
      siteLanguage: 'en',
    })
  })

  test('the home editor has no Stories list: the couple’s story is edited on Our Story', async () => {
    const editorOf = (type: 'home' | 'our-story', data: Record<string, unknown>) => {
      const own = {
        ...section,
        id: `22222222-2222-4222-8222-00000000000${type === 'home' ? 1 : 2}`,
        type,
        label: type,
        title: null,
        path: type,
        data,
      }
      api.getSectionContent.mockResolvedValue({
        section: own,
        contentUpdatedAt: loaded.contentUpdatedAt,
      })
      return render(
        <RouterProvider
          router={createMemoryRouter([
            {
              path: '/',
              element: (
                <SectionEditor wedding={{ ...wedding, sections: [own] }} sectionId={own.id} />
              ),
            },
          ])}
        />,
      )
    }
    // The home's data as the demo and every new wedding keep it, with the spec's empty `stories`.
    const { unmount } = editorOf('home', { header: { title: 'Isabel & Miguel' }, stories: [] })
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument()
    expect(screen.queryByText(/^Stories/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add story' })).not.toBeInTheDocument()
    unmount()
    // Our Story keeps its stories.
    editorOf('our-story', { stories: [] })
    expect(await screen.findByRole('button', { name: 'Add story' })).toBeInTheDocument()
  })
})
