import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { AvatarMenu, RequireAuth } from '@/features/auth'
import { WelcomePage } from '@/features/auth/routes/welcome-page'
import { useSessionStore } from '@/lib/session'
import * as fake from './support/fake-backend'
import { renderRoutes, resetSessionStore, setUpI18n } from './support/render'

vi.mock('@/lib/backend', async (importOriginal) => {
  const { backend } = await import('./support/fake-backend')
  return { ...(await importOriginal<object>()), getBackend: async () => backend }
})

beforeAll(() => setUpI18n())
beforeEach(() => {
  fake.resetFakeBackend()
  resetSessionStore()
})

function Management() {
  return (
    <>
      <AvatarMenu />
      <RequireAuth>
        <p>Guest list of the couple</p>
      </RequireAuth>
    </>
  )
}

const manageRoutes = [
  { path: '/manage/guests', element: <Management /> },
  { path: '/manage/cms/editor', element: <Management /> },
]

describe('RequireAuth', () => {
  test('waits while the session is being restored', async () => {
    renderRoutes(manageRoutes, '/manage/guests')
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…')
    expect(screen.queryByText('Guest list of the couple')).not.toBeInTheDocument()
  })

  test('sends a signed-out visitor to sign in, remembering where they were going', async () => {
    resetSessionStore({ status: 'signedOut' })
    renderRoutes(manageRoutes, '/manage/cms/editor?section=faqs#top')
    expect(await screen.findByTestId('where')).toHaveTextContent(
      'login /auth/login?returnTo=%2Fmanage%2Fcms%2Feditor%3Fsection%3Dfaqs%23top',
    )
  })

  test('shows management to a signed-in couple', async () => {
    const user = fake.addAccount('maria@example.com', 'sampaguita')
    fake.setWeddingOf(
      user.id,
      fake.weddingJson(
        user.id,
        { firstName: 'maria', lastName: 'santos' },
        { firstName: 'juan', lastName: 'reyes' },
        null,
      ),
    )
    fake.storeSession(user)
    await useSessionStore.getState().start()
    renderRoutes(manageRoutes, '/manage/guests')
    expect(await screen.findByText('Guest list of the couple')).toBeInTheDocument()
  })

  test('an account without names or wedding (Google, Apple) is asked for them first', async () => {
    const account = fake.addAccount('maria@gmail.example', 'x', {
      name: 'Maria Santos',
      avatar_url: 'https://x',
    })
    fake.storeSession(account)
    await useSessionStore.getState().start()
    const user = userEvent.setup()
    renderRoutes(manageRoutes, '/manage/guests')
    expect(
      await screen.findByRole('heading', { name: 'Tell us about your wedding' }),
    ).toBeInTheDocument()
    expect(screen.queryByText('Guest list of the couple')).not.toBeInTheDocument()
    const submit = screen.getByRole('button', { name: 'Continue' })
    expect(submit).toBeDisabled()
    await user.type(screen.getByLabelText("Bride's first name"), 'maria')
    await user.type(screen.getByLabelText("Bride's last name"), 'santos')
    await user.type(screen.getByLabelText("Groom's first name"), 'juan')
    await user.type(screen.getByLabelText("Groom's last name"), 'reyes')
    await user.click(screen.getByRole('checkbox', { name: "We're still deciding" }))
    await user.click(submit)
    expect(await screen.findByText('Guest list of the couple')).toBeInTheDocument()
    expect(fake.weddingOf(account.id)).toMatchObject({ bride: { firstName: 'maria' }, date: null })
  })

  test('an account made through a member invitation, in no wedding now, is told so; its own is only offered', async () => {
    fake.storeSession(
      fake.addAccount('joy@example.com', 'x', { name: 'Ate Joy', joinedByInvitation: true }),
    )
    await useSessionStore.getState().start()
    const user = userEvent.setup()
    renderRoutes(manageRoutes, '/manage/guests')
    expect(
      await screen.findByRole('heading', { name: "You're not part of a wedding right now" }),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText("Bride's first name")).not.toBeInTheDocument()
    expect(screen.queryByText('Guest list of the couple')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Plan our own wedding instead' }))
    expect(
      await screen.findByRole('heading', { name: 'Tell us about your wedding' }),
    ).toBeInTheDocument()
  })

  test('an account signed in with Google that joined a wedding and left it is told so too, without the mark', async () => {
    const account = fake.addAccount('carmen@gmail.example', 'x', { name: 'Tita Carmen' })
    fake.markJoined(account.id)
    fake.storeSession(account)
    await useSessionStore.getState().start()
    renderRoutes(manageRoutes, '/manage/guests')
    expect(
      await screen.findByRole('heading', { name: "You're not part of a wedding right now" }),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText("Bride's first name")).not.toBeInTheDocument()
    expect(fake.weddingOf(account.id)).toBeNull()
  })
})

describe('AvatarMenu', () => {
  async function openMenu() {
    const user = userEvent.setup()
    const trigger = await screen.findByRole('button', { name: /account menu$/ })
    trigger.focus()
    await user.keyboard('{Enter}')
    return { user, menu: await screen.findByRole('menu') }
  }

  test("shows the couple's names from their wedding, capitalised, and the e-mail", async () => {
    const account = fake.addAccount('maria@example.com', 'sampaguita', { name: 'ignored' })
    fake.setWeddingOf(
      account.id,
      fake.weddingJson(
        account.id,
        { firstName: 'maria clara', lastName: 'santos' },
        { firstName: 'juan', lastName: 'reyes' },
        null,
      ),
    )
    fake.storeSession(account)
    await useSessionStore.getState().start()
    renderRoutes(manageRoutes, '/manage/guests')
    await waitFor(() => expect(useSessionStore.getState().weddingStatus).toBe('ready'))
    expect(screen.getByRole('button', { name: 'M&J, account menu' })).toHaveTextContent('M&J')
    const { menu } = await openMenu()
    expect(menu).toHaveTextContent('Maria Clara & Juan')
    expect(menu).toHaveTextContent('maria@example.com')
  })

  test('creates the wedding from the account on the first visit when sign-up could not', async () => {
    const account = fake.addAccount('ana@example.com', 'sampaguita', {
      name: 'Ana & Ben',
      bride: { firstName: 'ana', lastName: 'lim' },
      groom: { firstName: 'ben', lastName: 'go' },
      weddingDate: '2027-02-14',
    })
    fake.storeSession(account)
    await useSessionStore.getState().start()
    renderRoutes(manageRoutes, '/manage/guests')
    await waitFor(() => expect(fake.weddingOf(account.id)).toMatchObject({ date: '2027-02-14' }))
    const { menu } = await openMenu()
    expect(menu).toHaveTextContent('Ana & Ben')
  })

  test('Log out signs out for real and returns to sign in', async () => {
    const account = fake.addAccount('maria@example.com', 'sampaguita', {
      bride: { firstName: 'maria', lastName: 'santos' },
      groom: { firstName: 'juan', lastName: 'reyes' },
    })
    fake.storeSession(account)
    await useSessionStore.getState().start()
    renderRoutes(manageRoutes, '/manage/guests')
    const { user, menu } = await openMenu()
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }))
    expect(await screen.findByTestId('where')).toHaveTextContent(
      'login /auth/login{"signedOut":true}',
    )
    expect(fake.auth.signOut).toHaveBeenCalledTimes(1)
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signedOut',
      user: null,
      wedding: null,
    })
  })
})

describe('Log out with check-ins still waiting at the door', () => {
  async function signedIn() {
    const account = fake.addAccount('maria@example.com', 'sampaguita', {
      bride: { firstName: 'maria', lastName: 'santos' },
      groom: { firstName: 'juan', lastName: 'reyes' },
    })
    fake.storeSession(account)
    await useSessionStore.getState().start()
    localStorage.setItem('kasalan.checkin.queue.w1', JSON.stringify([{ id: 'a1' }, { id: 'a2' }]))
    renderRoutes(manageRoutes, '/manage/guests')
    const user = userEvent.setup()
    const trigger = await screen.findByRole('button', { name: /account menu$/ })
    trigger.focus()
    await user.keyboard('{Enter}')
    return { user, menu: await screen.findByRole('menu') }
  }

  const original = window.confirm
  function answer(yes: boolean) {
    const confirm = vi.fn(() => yes)
    window.confirm = confirm
    return { confirm, mockRestore: () => void (window.confirm = original) }
  }

  test('asks first; kept when the usher says no', async () => {
    const { confirm, mockRestore } = answer(false)
    try {
      const { user, menu } = await signedIn()
      await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }))
      expect(confirm).toHaveBeenCalledWith(
        '2 check-ins made at the door have not been sent yet. Logging out removes them from this phone. Log out anyway?',
      )
      expect(fake.auth.signOut).not.toHaveBeenCalled()
      expect(localStorage.getItem('kasalan.checkin.queue.w1')).not.toBeNull()
    } finally {
      mockRestore()
      localStorage.removeItem('kasalan.checkin.queue.w1')
    }
  })

  test('signs out and clears them when the usher says yes', async () => {
    const { mockRestore } = answer(true)
    try {
      const { user, menu } = await signedIn()
      await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }))
      expect(await screen.findByTestId('where')).toHaveTextContent('login /auth/login')
      expect(fake.auth.signOut).toHaveBeenCalledTimes(1)
      expect(localStorage.getItem('kasalan.checkin.queue.w1')).toBeNull()
    } finally {
      mockRestore()
    }
  })
})

describe('Welcome (/welcome)', () => {
  test('after sign-up without a session: check your e-mail', async () => {
    resetSessionStore({ status: 'signedOut' })
    const { router } = renderRoutes([{ path: '/welcome', element: <WelcomePage /> }], '/')
    await router.navigate('/welcome', { state: { email: 'maria@example.com' } })
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument()
    expect(screen.getByText(/We've sent a link to maria@example.com\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/auth/login',
    )
  })

  test('signed in (the confirmation link landed here): welcome, by name, and on to the guest list', async () => {
    resetSessionStore({
      status: 'signedIn',
      user: {
        id: 'u1',
        email: 'maria@example.com',
        userMetadata: {
          bride: { firstName: 'maria', lastName: 'x' },
          groom: { firstName: 'juan', lastName: 'y' },
        },
      },
    })
    renderRoutes([{ path: '/welcome', element: <WelcomePage /> }], '/welcome')
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Kasalan, Maria & Juan!' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to your guest list' })).toHaveAttribute(
      'href',
      '/manage/guests',
    )
  })
})
