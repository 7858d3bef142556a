// The activity page against a mocked API: entries in words, "Load more" continuing after the last
// entry, the filter by member, and a failed page that keeps what was shown.
import { fireEvent, render, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import type { Wedding } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import type { ActivityEntry, ActivityPage } from '@/lib/api/members'
import enMembers from '@/locales/en/members.json'

const api = vi.hoisted(() => ({ listActivity: vi.fn() }))
vi.mock('@/lib/api/members', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))

const { ActivityPage: Page } = await import('@/features/members/routes/activity-page')
const { useSessionStore } = await import('@/lib/session')

const wedding = {
  id: 'w1',
  userId: 'u1',
  slug: 'isabel-and-miguel',
  title: 'Isabel & Miguel',
  bride: { firstName: 'Isabel', lastName: 'Dela Cruz' },
  groom: { firstName: 'Miguel', lastName: 'Santos' },
  date: '2027-12-12',
  theme: { name: 'classic' },
  isPublished: true,
  rsvpDeadline: null,
  rsvpQuestions: [],
  contact: {},
  sections: [],
} as unknown as Wedding

const entry = (id: string, extra: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  at: '2026-12-03T06:15:00Z',
  actorKind: 'member',
  actorUserId: 'joy',
  actorName: 'Ate Joy',
  isMe: false,
  action: 'household_changed',
  householdId: 'g1',
  householdName: 'Nena Mendoza + 1',
  details: {},
  ...extra,
})

const actors = [
  { userId: 'joy', name: 'Ate Joy' },
  { userId: 'carmen', name: 'Tita Carmen' },
]

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['members'],
    resources: { en: { members: enMembers } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

beforeEach(() => {
  api.listActivity.mockReset()
  useSessionStore.setState({
    status: 'signedIn',
    user: { id: 'u1', email: 'demo@kasalan.ph', userMetadata: {} },
    wedding,
    weddingStatus: 'ready',
  })
})

const renderPage = () =>
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  )

test('lists the changes in words, then loads more after the last one, and keeps them when that fails', async () => {
  const first: ActivityPage = {
    entries: [
      entry('e1', {
        action: 'reply_recorded',
        details: { persons: [{ name: 'Nena Mendoza', isAttending: false }] },
      }),
      entry('e2', {
        action: 'reply_recorded',
        actorKind: 'guest',
        actorUserId: null,
        actorName: '',
        householdName: 'Lorna Ilagan',
      }),
      entry('e3', {
        action: 'seated',
        details: { persons: [{ name: 'Pedro Ilagan', table: 'Mesa 3' }] },
      }),
      entry('e4', {
        action: 'households_imported',
        isMe: true,
        householdId: null,
        householdName: null,
        details: { count: 12 },
      }),
    ],
    hasMore: true,
    actors,
  }
  api.listActivity.mockResolvedValueOnce(first)
  renderPage()

  const list = await screen.findByRole('region', { name: 'Latest changes' })
  const items = within(list).getAllByRole('listitem')
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(
      /^Ate Joy3 Dec, 2:15 PMRecorded the reply of Nena Mendoza \+ 1Nena Mendoza: not attending$/,
    ),
    expect.stringMatching(/^The guest.*Recorded the reply of Lorna Ilagan$/),
    expect.stringMatching(/^Ate Joy.*Seated Nena Mendoza \+ 1Pedro Ilagan at Mesa 3$/),
    expect.stringMatching(/^You.*Imported 12 households$/),
  ])
  expect(api.listActivity).toHaveBeenCalledWith('w1', { actor: null })

  api.listActivity.mockResolvedValueOnce({
    entries: [entry('e5', { action: 'household_deleted' })],
    hasMore: false,
    actors,
  })
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  expect(await within(list).findByText('Deleted Nena Mendoza + 1')).toBeInTheDocument()
  expect(api.listActivity).toHaveBeenLastCalledWith('w1', { actor: null, after: first.entries[3] })
  expect(within(list).getAllByRole('listitem')).toHaveLength(5)
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
})

test('the filter asks for one member, and a failed next page says why and keeps the list', async () => {
  api.listActivity.mockResolvedValue({ entries: [entry('e1', {})], hasMore: true, actors })
  renderPage()
  await screen.findByRole('region', { name: 'Latest changes' })

  fireEvent.change(screen.getByLabelText('Show changes by'), { target: { value: 'carmen' } })
  await screen.findByRole('region', { name: 'Latest changes' })
  expect(api.listActivity).toHaveBeenLastCalledWith('w1', { actor: 'carmen' })

  api.listActivity.mockRejectedValueOnce(new BackendError('wedding_not_found', 'P0001'))
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'You no longer have access to this wedding, or it no longer exists.',
  )
  expect(screen.getByText('Changed Nena Mendoza + 1')).toBeInTheDocument()
})
