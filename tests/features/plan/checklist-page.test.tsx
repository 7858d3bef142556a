// The checklist screen against a mocked API: a family helper sees what is theirs and ticks it, with
// no way to add or change items; the couple's failed save keeps what they typed and says why; a
// tick that fails is undone on screen and said.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import type { Wedding } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import type { Checklist, ChecklistItem } from '@/lib/api/checklist'
import enCommon from '@/locales/en/common.json'
import enPlan from '@/locales/en/plan.json'
import filCommon from '@/locales/fil/common.json'
import filPlan from '@/locales/fil/plan.json'

const api = vi.hoisted(() => ({
  listChecklist: vi.fn(),
  checklistThisWeek: vi.fn(),
  saveChecklistItem: vi.fn(),
  setChecklistItemDone: vi.fn(),
  startChecklist: vi.fn(),
  deleteChecklistItem: vi.fn(),
}))
const members = vi.hoisted(() => ({ listMembers: vi.fn() }))
vi.mock('@/lib/api/checklist', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))
vi.mock('@/lib/api/members', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...members,
}))

const { ChecklistPage } = await import('@/features/plan/checklist/checklist-page')
const { useSessionStore } = await import('@/lib/session')

const wedding = (role: string) =>
  ({
    id: 'w1',
    userId: 'u1',
    slug: 'isabel-and-miguel',
    title: 'Isabel & Miguel',
    bride: { firstName: 'Isabel', lastName: 'Dela Cruz' },
    groom: { firstName: 'Miguel', lastName: 'Santos' },
    date: '2027-06-20',
    theme: { name: 'classic' },
    isPublished: false,
    rsvpDeadline: null,
    rsvpQuestions: [],
    contact: {},
    sections: [],
    myRole: role,
  }) as unknown as Wedding

const item = (id: string, extra: Partial<ChecklistItem>): ChecklistItem => ({
  id,
  templateKey: null,
  title: 'Sponsors list',
  notes: '',
  category: 'church',
  dueDate: '2027-01-10',
  fixedDueDate: '2027-01-10',
  daysBefore: null,
  assigneeUserId: null,
  assigneeName: null,
  assigneeRole: 'family_helper',
  issuedOn: null,
  validDays: null,
  validUntil: null,
  validity: null,
  expiresDaysBeforeWedding: null,
  done: false,
  doneAt: null,
  doneBy: null,
  updatedAt: '2026-11-27T00:00:00Z',
  ...extra,
})

const list = (canEdit: boolean, items: ChecklistItem[]): Checklist => ({
  weddingDate: '2027-06-20',
  today: '2026-11-27',
  canEdit,
  items,
})

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['plan', 'common'],
    resources: {
      en: { plan: enPlan, common: enCommon },
      fil: { plan: filPlan, common: filCommon },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

beforeEach(() => {
  for (const mock of [...Object.values(api), members.listMembers]) mock.mockReset()
  api.checklistThisWeek.mockResolvedValue({ today: '2026-11-27', overdue: [], thisWeek: [] })
  members.listMembers.mockResolvedValue({ members: [], invitations: [] })
})

const renderAs = (role: string) => {
  useSessionStore.setState({
    status: 'signedIn',
    user: { id: 'u1', email: 'demo@kasalan.ph', userMetadata: {} },
    wedding: wedding(role),
    weddingStatus: 'ready',
  })
  return render(
    <MemoryRouter initialEntries={['/manage/plan']}>
      <ChecklistPage />
    </MemoryRouter>,
  )
}

test('a family helper sees the items given to them and ticks one, with nothing to add, edit or start', async () => {
  api.listChecklist.mockResolvedValue(list(false, [item('i1', {})]))
  api.setChecklistItemDone.mockResolvedValue(
    item('i1', { done: true, doneAt: '2026-11-27T02:00:00Z', doneBy: 'Tita Carmen' }),
  )
  renderAs('family_helper')

  const box = await screen.findByRole('checkbox', { name: 'Sponsors list' })
  expect(screen.getByText('For Family helpers')).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull()
  expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull()
  expect(screen.queryByRole('button', { name: 'Start from the Filipino timeline' })).toBeNull()
  expect(members.listMembers).not.toHaveBeenCalled()
  expect(
    within(screen.getByRole('navigation', { name: 'Plan' }))
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Checklist'])

  fireEvent.click(box)
  expect(api.setChecklistItemDone).toHaveBeenCalledWith('w1', 'i1', true)
  expect(await screen.findByText('Done by Tita Carmen · 27 Nov 2026')).toBeTruthy()
  // The week's summary is read again after the tick.
  await waitFor(() => expect(api.checklistThisWeek).toHaveBeenCalledTimes(2))
})

test('a tick the database refuses is undone on screen and said', async () => {
  api.listChecklist.mockResolvedValue(list(false, [item('i1', {})]))
  api.setChecklistItemDone.mockRejectedValue(new BackendError('checklist_item_not_found'))
  renderAs('family_helper')
  const box = (await screen.findByRole('checkbox', { name: 'Sponsors list' })) as HTMLInputElement
  fireEvent.click(box)
  expect(box.checked).toBe(true)
  expect(
    await screen.findByText('This item is no longer on the checklist. It may have been deleted.'),
  ).toBeTruthy()
  await waitFor(() => expect(box.checked).toBe(false))
})

test("the couple's save that fails keeps what they typed and says why; a document warns before it runs out", async () => {
  api.listChecklist.mockResolvedValue(
    list(true, [
      item('l1', {
        title: 'Marriage licence',
        category: 'documents',
        assigneeRole: null,
        issuedOn: '2027-02-10',
        validDays: 120,
        validUntil: '2027-06-10',
        validity: 'expires_before_wedding',
        expiresDaysBeforeWedding: 10,
      }),
    ]),
  )
  api.saveChecklistItem.mockRejectedValue(new BackendError('wedding_not_found'))
  renderAs('owner')

  expect(
    await screen.findByText(
      'Expires 10 days before the wedding (10 Jun 2027). Get a new one closer to the date.',
    ),
  ).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Add item' }))
  const drawer = await screen.findByRole('dialog', { name: 'Add an item' })
  fireEvent.change(within(drawer).getByLabelText('What to do'), {
    target: { value: 'Ninong and ninang fitting' },
  })
  fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }))
  expect(await within(drawer).findByText(/couldn't find this wedding/)).toBeTruthy()
  expect((within(drawer).getByLabelText('What to do') as HTMLInputElement).value).toBe(
    'Ninong and ninang fitting',
  )
  expect(api.saveChecklistItem).toHaveBeenCalledWith(
    'w1',
    expect.objectContaining({ title: 'Ninong and ninang fitting', validDays: null }),
  )
})

test("the couple's slips are said under their fields, the first takes the focus, and a message goes once its field is changed", async () => {
  api.listChecklist.mockResolvedValue(list(true, []))
  api.saveChecklistItem.mockRejectedValueOnce(new BackendError('wedding_not_found'))
  renderAs('owner')
  fireEvent.click(await screen.findByRole('button', { name: 'Add item' }))
  const drawer = await screen.findByRole('dialog', { name: 'Add an item' })
  fireEvent.change(within(drawer).getByLabelText('Notes'), { target: { value: 'Bring two IDs' } })
  fireEvent.click(within(drawer).getByRole('checkbox', { name: /This is a document/ }))
  fireEvent.change(within(drawer).getByLabelText('Valid for (days)'), { target: { value: '0' } })
  fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }))
  expect(await within(drawer).findByText('Write what needs doing.')).toBeTruthy()
  expect(within(drawer).getByText('Enter a number of days from 1 to 3,650.')).toBeTruthy()
  const title = within(drawer).getByLabelText('What to do')
  expect(title.getAttribute('aria-invalid')).toBe('true')
  expect(document.activeElement).toBe(title)
  expect(api.saveChecklistItem).not.toHaveBeenCalled()
  // Changed, a field is checked again at the next save: its message goes even while still wrong.
  fireEvent.change(within(drawer).getByLabelText('Valid for (days)'), { target: { value: '00' } })
  await waitFor(() =>
    expect(within(drawer).queryByText('Enter a number of days from 1 to 3,650.')).toBeNull(),
  )
  expect(within(drawer).getByText('Write what needs doing.')).toBeTruthy()

  fireEvent.change(title, { target: { value: 'CENOMAR' } })
  fireEvent.change(within(drawer).getByLabelText('Valid for (days)'), { target: { value: '180' } })
  fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }))
  expect(await within(drawer).findByText(/couldn't find this wedding/)).toBeTruthy()
  expect((within(drawer).getByLabelText('What to do') as HTMLInputElement).value).toBe('CENOMAR')
  expect((within(drawer).getByLabelText('Notes') as HTMLTextAreaElement).value).toBe(
    'Bring two IDs',
  )
  expect((within(drawer).getByLabelText('Valid for (days)') as HTMLInputElement).value).toBe('180')
  expect(api.saveChecklistItem).toHaveBeenCalledWith(
    'w1',
    expect.objectContaining({ title: 'CENOMAR', notes: 'Bring two IDs', validDays: 180 }),
  )
})

test('the couple deletes an item from its drawer, after saying yes', async () => {
  api.listChecklist.mockResolvedValue(
    list(true, [item('i1', { title: 'Souvenirs', assigneeRole: null })]),
  )
  api.deleteChecklistItem.mockResolvedValue(null)
  renderAs('partner')
  fireEvent.click(await screen.findByRole('button', { name: 'Edit “Souvenirs”' }))
  const drawer = await screen.findByRole('dialog', { name: 'Edit item' })
  expect((within(drawer).getByLabelText('What to do') as HTMLInputElement).value).toBe('Souvenirs')
  fireEvent.click(within(drawer).getByRole('button', { name: 'Delete' }))
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Souvenirs”?' })
  expect(api.deleteChecklistItem).not.toHaveBeenCalled()
  fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
  expect(await screen.findByText('Deleted “Souvenirs”.')).toBeTruthy()
  expect(api.deleteChecklistItem).toHaveBeenCalledWith('w1', 'i1')
  expect(screen.queryByRole('checkbox', { name: 'Souvenirs' })).toBeNull()
})

test('items started from the timeline in English read in Filipino after the switch; the couple’s own stay as written', async () => {
  // Started while the screen was in English: the timeline's titles were stored in English.
  const fromTimeline = item('t1', {
    templateKey: 'book_reception',
    title: enPlan.checklist.timeline.book_reception,
    category: 'reception',
    assigneeRole: null,
  })
  const renamed = item('t2', {
    templateKey: 'caterer',
    title: 'Food tasting at Josephine’s',
    category: 'suppliers',
    assigneeRole: null,
  })
  const own = item('t3', { title: 'Sponsors list', assigneeRole: null })
  api.listChecklist.mockResolvedValue(list(true, [fromTimeline, renamed, own]))
  api.checklistThisWeek.mockResolvedValue({
    today: '2026-11-27',
    overdue: [fromTimeline],
    thisWeek: [],
  })
  await i18next.changeLanguage('fil')
  try {
    renderAs('owner')
    expect(await screen.findByRole('checkbox', { name: 'I-book ang reception venue' })).toBeTruthy()
    expect(screen.queryByText('Book the reception venue')).toBeNull()
    // This week's list says it in Filipino too.
    const week = screen.getByRole('region', { name: filPlan.checklist.week.heading })
    expect(within(week).getByText('I-book ang reception venue')).toBeTruthy()
    // A renamed timeline item and the couple's own item are theirs, as written.
    expect(screen.getByRole('checkbox', { name: 'Food tasting at Josephine’s' })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'Sponsors list' })).toBeTruthy()
  } finally {
    await i18next.changeLanguage('en')
  }
})
