// The schedule's events carry the ids their RSVPs are kept by: the content editor never shows
// them, keeps each event's id through edits and moves, sends a new event without one (the
// database gives it), and takes the ids back from the save's answer.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { SectionEditor } from '@/features/content/components/section-editor'
import { keepEventIds } from '@/features/content/model/content'
import type { SectionContent, Wedding } from '@/lib/api'
import { setUpI18n } from './setup-i18n'

const api = vi.hoisted(() => ({
  getSectionContent: vi.fn(),
  saveSectionContent: vi.fn(),
  getMediaInUse: vi.fn(async () => []),
}))
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), ...api }))
vi.mock('@/lib/media', () => ({ getMedia: vi.fn(), resolveImageSrc: vi.fn(async () => null) }))
vi.mock('@/components/site-preview-frame', () => ({
  SitePreviewFrame: ({ title }: { title: string }) => <p>{title}</p>,
}))

const CEREMONY = 'a0000000-0000-4000-8000-000000000001'
const RECEPTION = 'a0000000-0000-4000-8000-000000000002'
const DESPEDIDA = 'a0000000-0000-4000-8000-000000000003'

const section = {
  id: '22222222-2222-4222-8222-222222222222',
  weddingId: 'w',
  type: 'schedule' as const,
  label: 'Schedule',
  title: 'Programa',
  path: 'schedule',
  visible: true,
  data: {
    header: { title: 'Programa' },
    events: [
      { id: CEREMONY, name: 'Seremonya', type: 'ceremony', date: '2027-12-12', startTime: '15:00' },
      { id: RECEPTION, name: 'Handaan', type: 'reception', date: '2027-12-12', startTime: '18:00' },
    ],
  },
  orderIndex: 0,
}
const wedding = {
  id: 'w',
  userId: 'u',
  slug: 'maria-and-juan',
  title: 'Maria & Juan',
  bride: { firstName: 'Maria', lastName: 'Reyes' },
  groom: { firstName: 'Juan', lastName: 'Cruz' },
  date: '2027-12-12',
  theme: { name: 'classic' },
  isPublished: false,
  rsvpDeadline: null,
  rsvpQuestions: [],
  contact: {},
  sections: [section],
} satisfies Wedding
const loaded: SectionContent = { section, contentUpdatedAt: '2026-11-23T10:00:00.000000+00:00' }

const renderEditor = () =>
  render(
    <RouterProvider
      router={createMemoryRouter([
        { path: '/', element: <SectionEditor wedding={wedding} sectionId={section.id} /> },
      ])}
    />,
  )

const sentEvents = (call: number) =>
  (api.saveSectionContent.mock.calls[call]![2] as { events: Array<Record<string, unknown>> }).events

beforeAll(async () => {
  await setUpI18n('en')
})

beforeEach(() => {
  localStorage.clear()
  vi.clearAllMocks()
  api.getSectionContent.mockResolvedValue(loaded)
})

describe('the schedule editor and event ids', () => {
  test('keeps ids through an edit and a move, sends a new event without one, and takes the saved ids back', async () => {
    const user = userEvent.setup()
    let saves = 0
    api.saveSectionContent.mockImplementation(
      async (_id: string, title: string, data: { events: Array<Record<string, unknown>> }) => {
        saves += 1
        // The database gives every event without an id its own.
        const events = data.events.map((event) => (event.id ? event : { ...event, id: DESPEDIDA }))
        return {
          section: { ...section, title, data: { ...data, events } },
          contentUpdatedAt: `2026-11-23T1${saves}:00:00.000000+00:00`,
        }
      },
    )
    renderEditor()
    const names = await screen.findAllByLabelText('Name')
    expect(names).toHaveLength(2)
    // The id is the database's: no field shows it.
    expect(screen.queryByDisplayValue(CEREMONY)).not.toBeInTheDocument()

    await user.clear(names[0]!)
    await user.type(names[0]!, 'Misa ng Kasal')
    await user.click(screen.getByRole('button', { name: 'Move Event 2 up' }))
    await user.click(screen.getByRole('button', { name: 'Add event' }))
    await user.type(screen.getAllByLabelText('Name')[2]!, 'Despedida')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'))

    expect(sentEvents(0)).toEqual([
      { id: RECEPTION, name: 'Handaan', type: 'reception', date: '2027-12-12', startTime: '18:00' },
      {
        id: CEREMONY,
        name: 'Misa ng Kasal',
        type: 'ceremony',
        date: '2027-12-12',
        startTime: '15:00',
      },
      { name: 'Despedida' },
    ])

    // The next save sends the id the database gave the despedida, not a second new event.
    const despedida = screen.getAllByLabelText('Name')[2]!
    await user.type(despedida, ' ng Barkada')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.saveSectionContent).toHaveBeenCalledTimes(2))
    expect(sentEvents(1).map((event) => [event.id, event.name])).toEqual([
      [RECEPTION, 'Handaan'],
      [CEREMONY, 'Misa ng Kasal'],
      [DESPEDIDA, 'Despedida ng Barkada'],
    ])
    expect(within(screen.getByRole('status')).getByText(/Saved/)).toBeInTheDocument()
  }, 30_000)

  test('a draft typed before events had ids gets them back from the saved version, so the RSVPs stay with the events', async () => {
    const user = userEvent.setup()
    localStorage.setItem(
      `kasalan.contentDraft.${section.id}`,
      JSON.stringify({
        title: 'Programa',
        data: {
          header: { title: 'Programa' },
          events: [
            { name: 'Handaan', type: 'reception', date: '2027-12-12', startTime: '19:00' },
            { name: 'Seremonya', type: 'ceremony', date: '2027-12-12', startTime: '15:00' },
            { name: 'Despedida' },
          ],
        },
        baseContentUpdatedAt: loaded.contentUpdatedAt,
        changedAt: '2026-11-23T10:10:00.000Z',
      }),
    )
    api.saveSectionContent.mockImplementation(
      async (_id: string, title: string, data: Record<string, unknown>) => ({
        section: { ...section, title, data },
        contentUpdatedAt: '2026-11-23T11:00:00.000000+00:00',
      }),
    )
    renderEditor()
    expect(
      await screen.findByText(/We brought back the changes you hadn't saved/),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.saveSectionContent).toHaveBeenCalledTimes(1))
    expect(sentEvents(0).map((event) => [event.id, event.name, event.startTime])).toEqual([
      [RECEPTION, 'Handaan', '19:00'],
      [CEREMONY, 'Seremonya', '15:00'],
      [undefined, 'Despedida', undefined],
    ])
  }, 30_000)

  test('keepEventIds: by name, each id once, an id already there kept, other sections untouched', () => {
    const saved = {
      events: [
        { id: 'a', name: 'Kasal' },
        { id: 'b', name: 'Handaan' },
        { id: 'c', name: 'Handaan' },
      ],
    }
    const values = {
      title: '',
      data: {
        events: [
          { name: ' handaan ' },
          { id: 'a', name: 'Kasal' },
          { name: 'Handaan' },
          { name: 'Handaan' },
          { name: 'Kasal' },
          {},
        ],
      },
    }
    expect(keepEventIds('schedule', values, saved).data.events).toEqual([
      { name: ' handaan ', id: 'b' },
      { id: 'a', name: 'Kasal' },
      { name: 'Handaan', id: 'c' },
      { name: 'Handaan' },
      { name: 'Kasal' },
      {},
    ])
    expect(keepEventIds('faqs', values, saved)).toBe(values)
    const complete = { title: '', data: { events: [{ id: 'a', name: 'Kasal' }] } }
    expect(keepEventIds('schedule', complete, saved)).toBe(complete)
  })
})
