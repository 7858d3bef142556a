import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { ResetPage } from '@/features/auth/routes/reset-page'
import { UpdatePasswordPage } from '@/features/auth/routes/update-password-page'
import { BackendError } from '@/lib/backend'
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
  resetSessionStore({ status: 'signedOut' })
})

describe('Forgot Password (/auth/reset)', () => {
  const renderReset = () => {
    const user = userEvent.setup()
    return {
      user,
      ...renderRoutes([{ path: '/auth/reset', element: <ResetPage /> }], '/auth/reset'),
    }
  }

  test('on the embedded database it explains that no e-mail is sent', async () => {
    renderReset()
    expect(screen.getByRole('heading', { name: 'Password reset needs email' })).toBeInTheDocument()
    expect(
      screen.getByText(/doesn't send email, so it can't send you a reset link/),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/auth/login',
    )
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/register',
    )
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument()
  })

  test('on Supabase it sends the link, which opens the update-password page', async () => {
    fake.setKind('supabase')
    const { user } = renderReset()
    const email = await screen.findByLabelText('Email')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('Email is required.')).toBeInTheDocument()
    await user.type(email, ' isabel@example.com ')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      "If there's an account for isabel@example.com, we've sent it a link to reset your password.",
    )
    expect(fake.auth.requestPasswordReset).toHaveBeenCalledWith(
      'isabel@example.com',
      `${window.location.origin}/auth/update-password`,
    )
  })

  test('on Supabase a refusal is shown', async () => {
    fake.setKind('supabase')
    fake.auth.requestPasswordReset.mockRejectedValueOnce(
      new BackendError(
        'For security purposes, you can only request this after 60 seconds.',
        'over_email_send_rate_limit',
      ),
    )
    const { user } = renderReset()
    await user.type(await screen.findByLabelText('Email'), 'isabel@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We've sent too many emails to this address.",
    )
  })
})

describe('Set a new password (/auth/update-password)', () => {
  const renderUpdate = () => {
    const user = userEvent.setup()
    return {
      user,
      ...renderRoutes(
        [{ path: '/auth/update-password', element: <UpdatePasswordPage /> }],
        '/auth/update-password',
      ),
    }
  }

  test('without a session the link cannot be used, and a new one is offered', async () => {
    renderUpdate()
    expect(
      await screen.findByRole('heading', { name: "This link can't be used" }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/auth/reset',
    )
  })

  test('signed in by the link, the couple sets a new password', async () => {
    const account = fake.addAccount('isabel@example.com', 'old-password')
    fake.storeSession(account)
    await useSessionStore.getState().start()
    const { user } = renderUpdate()
    expect(
      await screen.findByText('Choose a new password for isabel@example.com.'),
    ).toBeInTheDocument()
    const field = screen.getByLabelText('New password')
    await user.type(field, 'short')
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument()
    await user.type(field, '-but-now-long')
    await user.click(screen.getByRole('button', { name: 'Save password' }))
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument()
    expect(fake.auth.updatePassword).toHaveBeenCalledWith('short-but-now-long')
    expect(screen.getByRole('link', { name: 'Go to your wedding' })).toHaveAttribute(
      'href',
      '/manage/guests',
    )
  })

  test('a refusal keeps the form and says why', async () => {
    const account = fake.addAccount('isabel@example.com', 'old-password')
    fake.storeSession(account)
    await useSessionStore.getState().start()
    fake.auth.updatePassword.mockRejectedValueOnce(
      new BackendError('New password should be different.', 'same_password'),
    )
    const { user } = renderUpdate()
    await user.type(await screen.findByLabelText('New password'), 'old-password')
    await user.click(screen.getByRole('button', { name: 'Save password' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your new password must be different from your old one.',
      ),
    )
    expect(screen.getByLabelText('New password')).toHaveValue('old-password')
  })
})
