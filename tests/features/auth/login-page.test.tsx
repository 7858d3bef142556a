import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { LoginPage } from '@/features/auth/routes/login-page'
import { BackendError } from '@/lib/backend'
import * as fake from './support/fake-backend'
import { renderRoutes, resetSessionStore, setUpI18n } from './support/render'

vi.mock('@/lib/backend', async (importOriginal) => {
  const { backend } = await import('./support/fake-backend')
  return { ...(await importOriginal<object>()), getBackend: async () => backend }
})

beforeAll(() => setUpI18n())
beforeEach(() => {
  fake.resetFakeBackend()
  fake.addAccount('isabel@example.com', 'kasalan-demo')
  resetSessionStore({ status: 'signedOut' })
})

function renderLogin(entry = '/auth/login') {
  const user = userEvent.setup()
  const view = renderRoutes([{ path: '/auth/login', element: <LoginPage /> }], entry)
  return { user, ...view }
}

const password = () => screen.getByLabelText('Password')

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, secret: string) {
  await user.type(screen.getByLabelText('Email'), email)
  await user.type(password(), secret)
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('the sign-in page', () => {
  test('has every element of the spec', async () => {
    renderLogin()
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument()
    expect(screen.getByRole('separator', { name: 'or' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(password()).toHaveAttribute('type', 'password')
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/auth/reset',
    )
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit')
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/register',
    )
  })

  test('shows and hides the password', async () => {
    const { user } = renderLogin()
    await user.type(password(), 'secret')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password()).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password()).toHaveAttribute('type', 'password')
  })

  test('on the embedded database Google and Apple are shown as unavailable', async () => {
    renderLogin()
    const note =
      "Google and Apple sign-in aren't available on the embedded database. Use your email and password."
    for (const name of ['Continue with Google', 'Continue with Apple']) {
      const button = screen.getByRole('button', { name })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription(note)
    }
  })

  test('on Supabase Google and Apple start the provider sign-in, coming back to returnTo', async () => {
    fake.setKind('supabase')
    const { user } = renderLogin('/auth/login?returnTo=%2Fmanage%2Fseating')
    const google = screen.getByRole('button', { name: 'Continue with Google' })
    await waitFor(() => expect(google).toBeEnabled())
    expect(screen.queryByText(/aren't available/)).not.toBeInTheDocument()
    await user.click(google)
    expect(fake.auth.signInWithProvider).toHaveBeenCalledWith(
      'google',
      `${window.location.origin}/auth/login?returnTo=%2Fmanage%2Fseating`,
    )
    expect(await screen.findByRole('button', { name: /Taking you to Google/ })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Continue with Apple' })).catch(() => {})
    expect(fake.auth.signInWithProvider).toHaveBeenCalledTimes(1)
  })

  test('asks for the e-mail and password before calling the service', async () => {
    const { user } = renderLogin()
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Email is required.')).toBeInTheDocument()
    expect(screen.getByText('Password is required.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'isabel@')
    expect(await screen.findByText('Enter a valid email.')).toBeInTheDocument()
    expect(fake.auth.signIn).not.toHaveBeenCalled()
  })

  test('a wrong password says so clearly and keeps what was typed', async () => {
    const { user } = renderLogin()
    await signIn(user, 'isabel@example.com', 'wrong-password')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "That email and password don't match. Check your password and try again.",
    )
    expect(screen.getByLabelText('Email')).toHaveValue('isabel@example.com')
    expect(password()).toHaveFocus()
    expect(screen.queryByTestId('where')).not.toBeInTheDocument()
  })

  test('other failures: an unconfirmed e-mail, the network', async () => {
    const { user } = renderLogin()
    fake.auth.signIn.mockRejectedValueOnce(
      new BackendError('Email not confirmed', 'email_not_confirmed'),
    )
    await signIn(user, 'isabel@example.com', 'kasalan-demo')
    expect(await screen.findByRole('alert')).toHaveTextContent('Please confirm your email first')
    fake.auth.signIn.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent("We couldn't reach the server."),
    )
  })

  test('signs in and opens the guest list, remembering the session by default', async () => {
    const { user } = renderLogin()
    await signIn(user, 'isabel@example.com', 'kasalan-demo')
    expect(await screen.findByTestId('where')).toHaveTextContent('manage /manage/guests')
    expect(fake.auth.signIn).toHaveBeenCalledWith({
      email: 'isabel@example.com',
      password: 'kasalan-demo',
      remember: true,
    })
  })

  test('"Remember me" unticked asks for a session that ends with the browser session', async () => {
    const { user } = renderLogin()
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await signIn(user, 'isabel@example.com', 'kasalan-demo')
    await screen.findByTestId('where')
    expect(fake.auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ remember: false }))
  })

  test.each([
    ['/manage/seating?layout=2#t1', 'manage /manage/seating?layout=2'],
    ['/manage/cms/editor', 'manage /manage/cms/editor'],
    ['//evil.example/phish', 'manage /manage/guests'],
    ['https://evil.example/', 'manage /manage/guests'],
    ['/\\evil.example', 'manage /manage/guests'],
    ['/auth/login', 'manage /manage/guests'],
  ])('returnTo %s leads to %s', async (returnTo, where) => {
    const { user } = renderLogin(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`)
    await signIn(user, 'isabel@example.com', 'kasalan-demo')
    expect(await screen.findByTestId('where')).toHaveTextContent(where)
  })

  test('says so after a log out', async () => {
    const { router } = renderRoutes(
      [{ path: '/auth/login', element: <LoginPage /> }],
      '/auth/login',
    )
    expect(screen.queryByText("You've been logged out.")).not.toBeInTheDocument()
    await router.navigate('/auth/login', { state: { signedOut: true } })
    expect(await screen.findByText("You've been logged out.")).toBeInTheDocument()
  })

  test('someone already signed in goes straight on', async () => {
    resetSessionStore({ status: 'signedIn', user: { id: 'u1', email: 'a@b.co', userMetadata: {} } })
    renderLogin('/auth/login?returnTo=%2Fmanage%2Fwebsite')
    expect(await screen.findByTestId('where')).toHaveTextContent('manage /manage/website')
  })
})
