// The members' two forms against a mocked API: an invitation the database refuses keeps the role
// and e-mail chosen and says why, then one made empties the e-mail and shows its link; signing up
// from an invitation link keeps what was typed when the account is refused.
import { fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { MemoryRouter, Route, Routes } from 'react-router'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import type { Wedding } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import enCommon from '@/locales/en/common.json'
import enMembers from '@/locales/en/members.json'

const api = vi.hoisted(() => ({ listMembers: vi.fn(), createMemberInvitation: vi.fn() }))
vi.mock('@/lib/api/members', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))

const { MembersPage } = await import('@/features/members/routes/members-page')
const { JoinPage } = await import('@/features/members/routes/join-page')
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
  myRole: 'owner',
  coordinatorSeesMoney: false,
} as unknown as Wedding

const owner = {
  userId: 'u1',
  displayName: 'Isabel',
  email: 'demo@kasalan.ph',
  role: 'owner',
  side: null,
  joinedAt: '2026-11-01T00:00:00Z',
  isMe: true,
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['members', 'common'],
    resources: { en: { members: enMembers, common: enCommon } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

beforeEach(() => {
  api.listMembers.mockReset().mockResolvedValue({ members: [owner], invitations: [] })
  api.createMemberInvitation.mockReset()
})

test('a refused invitation keeps the role and e-mail and says why; one made empties the e-mail and shows its link', async () => {
  useSessionStore.setState({
    status: 'signedIn',
    user: { id: 'u1', email: 'demo@kasalan.ph', userMetadata: {} },
    wedding,
    weddingStatus: 'ready',
  })
  api.createMemberInvitation
    .mockRejectedValueOnce(new BackendError('invalid_email', 'P0001'))
    .mockResolvedValueOnce({
      id: 'i1',
      token: 'A'.repeat(32),
      role: 'family_helper',
      side: 'bride',
      email: 'tita.carmen@example.ph',
      createdAt: '2026-11-29T00:00:00Z',
      expiresAt: '2026-12-13T00:00:00Z',
    })
  render(
    <MemoryRouter>
      <MembersPage />
    </MemoryRouter>,
  )
  const role = (await screen.findByLabelText('Role')) as HTMLSelectElement
  const email = screen.getByLabelText('Their e-mail (optional)') as HTMLInputElement
  const choice = [...role.options].find(
    (option) => option.text === "Family helper · Bride's side",
  )!.value
  fireEvent.change(role, { target: { value: choice } })
  fireEvent.change(email, { target: { value: 'tita.carmen@example.ph' } })
  fireEvent.click(screen.getByRole('button', { name: 'Create invitation link' }))
  expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy()
  expect(role.value).toBe(choice)
  expect(email.value).toBe('tita.carmen@example.ph')
  expect(api.createMemberInvitation).toHaveBeenCalledWith('w1', {
    role: 'family_helper',
    side: 'bride',
    email: 'tita.carmen@example.ph',
  })

  fireEvent.click(screen.getByRole('button', { name: 'Create invitation link' }))
  expect(((await screen.findByLabelText('Invitation link')) as HTMLInputElement).value).toMatch(
    /\/join\/A{32}$/,
  )
  expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull()
  expect(email.value).toBe('')
  expect(role.value).toBe(choice)
})

test('an account refused on the invitation link keeps what was typed and says why', async () => {
  const signUpMember = vi
    .fn()
    .mockRejectedValueOnce(new BackendError('user_already_exists', 'P0001'))
    .mockResolvedValueOnce({ signedIn: false })
  useSessionStore.setState({ status: 'signedOut', user: null, wedding: null, signUpMember })
  render(
    <MemoryRouter initialEntries={['/join/tok']}>
      <Routes>
        <Route path="/join/:token" element={<JoinPage />} />
      </Routes>
    </MemoryRouter>,
  )
  fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Ate Joy' } })
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'joy@example.ph' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'coordinator-pass' } })
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
  expect(
    await screen.findByText("There's already an account with this e-mail. Log in instead."),
  ).toBeTruthy()
  expect(signUpMember).toHaveBeenCalledWith({
    name: 'Ate Joy',
    email: 'joy@example.ph',
    password: 'coordinator-pass',
  })
  expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Ate Joy')
  expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('joy@example.ph')
  expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('coordinator-pass')
  expect(
    (screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled,
  ).toBe(false)

  fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
  expect(
    await screen.findByText(
      'Check your e-mail to confirm your account, then open this link again.',
    ),
  ).toBeTruthy()
})
