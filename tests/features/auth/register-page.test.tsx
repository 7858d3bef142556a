import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { RegisterPage } from '@/features/auth/routes/register-page'
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

function renderRegister() {
  const user = userEvent.setup()
  const view = renderRoutes(
    [{ path: '/auth/register', element: <RegisterPage /> }],
    '/auth/register',
  )
  return { user, ...view }
}

const field = (label: string) => screen.getByLabelText(label)
const button = (name: string) => screen.getByRole('button', { name })

async function fillBasics(user: ReturnType<typeof userEvent.setup>, { deciding = true } = {}) {
  await user.type(field("Bride's first name"), 'maria')
  await user.type(field("Bride's last name"), 'dela cruz')
  await user.type(field("Groom's first name"), 'juan')
  await user.type(field("Groom's last name"), 'reyes')
  if (deciding) await user.click(screen.getByRole('checkbox', { name: "We're still deciding" }))
}

async function toFinish(user: ReturnType<typeof userEvent.setup>) {
  await fillBasics(user)
  await user.click(button('Next'))
  await screen.findByRole('heading', { name: "Nice! Before we continue, let's save your details" })
}

describe('step 1, "The basics"', () => {
  test('a name stops at the 100 characters the database keeps, and the form says why', async () => {
    const { user } = renderRegister()
    const input = field("Bride's first name")
    await user.click(input)
    await user.paste('M'.repeat(500))
    expect(input).toHaveValue('M'.repeat(100))
    expect(screen.getByText('That’s the limit: up to 100 characters.')).toBeVisible()
    expect(input).toHaveAccessibleDescription('That’s the limit: up to 100 characters.')
  })

  test('shows the stepper, the heading and every field, with Next disabled and no Back', () => {
    renderRegister()
    const steps = screen.getByRole('list', { name: 'Sign-up steps' })
    const [basics, finish] = within(steps).getAllByRole('listitem')
    expect(basics).toHaveTextContent('The basics')
    expect(basics).toHaveAttribute('aria-current', 'step')
    expect(finish).toHaveTextContent('Finish up')
    expect(finish).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Like any great relationship, this one starts with the basics',
    )
    for (const label of [
      "Bride's first name",
      "Bride's last name",
      "Groom's first name",
      "Groom's last name",
    ]) {
      expect(field(label)).toHaveValue('')
    }
    const date = screen.getByRole('combobox', { name: 'Wedding date' })
    expect(date).toHaveAttribute('readonly')
    expect(date).toHaveAttribute('placeholder', 'Select date')
    expect(screen.getByRole('checkbox', { name: "We're still deciding" })).not.toBeChecked()
    expect(button('Next')).toBeDisabled()
    expect(button('Next')).toHaveClass('h-14')
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login')
  })

  test('shows no message before a field has had input', async () => {
    const { user } = renderRegister()
    await user.tab()
    await user.tab()
    await user.tab()
    expect(screen.queryByText(/is required\./)).not.toBeInTheDocument()
  })

  test.each([
    ["Bride's first name", 'First name is required.'],
    ["Bride's last name", 'Last name is required.'],
    ["Groom's first name", "Partner's first name is required."],
    ["Groom's last name", "Partner's last name is required."],
  ])('%s: "%s" after input that leaves it blank, gone once filled', async (label, message) => {
    const { user } = renderRegister()
    await user.type(field(label), 'a')
    expect(screen.queryByText(message)).not.toBeInTheDocument()
    await user.clear(field(label))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(field(label)).toHaveAttribute('aria-invalid', 'true')
    expect(field(label)).toHaveAccessibleDescription(message)
    // Blank after trimming is still blank.
    await user.type(field(label), '   ')
    expect(screen.getByText(message)).toBeInTheDocument()
    await user.type(field(label), 'Ana')
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument())
  })

  test('the date: a message when "still deciding" is unticked without a date; ticking clears it', async () => {
    const { user } = renderRegister()
    const deciding = screen.getByRole('checkbox', { name: "We're still deciding" })
    const date = screen.getByRole('combobox', { name: 'Wedding date' })
    await user.click(deciding)
    expect(date).toHaveValue('Still deciding')
    await user.click(deciding)
    expect(date).toHaveValue('')
    expect(
      await screen.findByText('Please select a date or mark still deciding.'),
    ).toBeInTheDocument()
    await user.click(deciding)
    await waitFor(() =>
      expect(
        screen.queryByText('Please select a date or mark still deciding.'),
      ).not.toBeInTheDocument(),
    )
    expect(date).toHaveValue('Still deciding')
  })

  test('the calendar opens from the keyboard, picks a date, and ticking "still deciding" clears it', async () => {
    const { user } = renderRegister()
    const date = screen.getByRole('combobox', { name: 'Wedding date' })
    date.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Choose your wedding date' })
    expect(date).toHaveAttribute('aria-expanded', 'true')
    // Past days cannot be picked; a day next month can.
    await user.click(within(dialog).getByRole('button', { name: 'Next month' }))
    const days = within(dialog)
      .getAllByRole('button')
      .filter((day) => /\d{4}$/.test(day.getAttribute('aria-label') ?? ''))
    const fifteenth = days.find((day) => / 15 /.test(day.getAttribute('aria-label')!))!
    const label = fifteenth.getAttribute('aria-label')!
    await user.click(fifteenth)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(date).toHaveValue(label)
    expect(date).toHaveFocus()

    const deciding = screen.getByRole('checkbox', { name: "We're still deciding" })
    await user.click(deciding)
    expect(date).toHaveValue('Still deciding')
    await user.click(deciding)
    // The date was cleared, not kept behind the box.
    expect(date).toHaveValue('')
  })

  test('Next is enabled only when every step 1 field is complete', async () => {
    const { user } = renderRegister()
    await fillBasics(user, { deciding: false })
    expect(button('Next')).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: "We're still deciding" }))
    expect(button('Next')).toBeEnabled()
    await user.clear(field("Groom's last name"))
    expect(button('Next')).toBeDisabled()
    await user.type(field("Groom's last name"), '  ')
    expect(button('Next')).toBeDisabled()
    await user.type(field("Groom's last name"), 'Reyes')
    expect(button('Next')).toBeEnabled()
  })
})

describe('step 2, "Finish up"', () => {
  test('Next leads to step 2; Back returns to step 1 with everything kept', async () => {
    const { user } = renderRegister()
    await toFinish(user)
    // The new step's heading takes focus, so a screen reader says where the couple is.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
    const steps = within(screen.getByRole('list', { name: 'Sign-up steps' })).getAllByRole(
      'listitem',
    )
    expect(steps[1]).toHaveAttribute('aria-current', 'step')
    expect(steps[0]).toHaveTextContent('(done)')
    expect(field('Email')).toHaveValue('')
    expect(button('Back')).toHaveClass('h-14')
    await user.type(field('Email'), 'maria@example.com')
    await user.click(button('Back'))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Like any great relationship',
    )
    expect(field("Bride's first name")).toHaveValue('maria')
    expect(screen.getByRole('combobox', { name: 'Wedding date' })).toHaveValue('Still deciding')
    await user.click(button('Next'))
    expect(field('Email')).toHaveValue('maria@example.com')
  })

  test('e-mail messages: required, then invalid, cleared once valid', async () => {
    const { user } = renderRegister()
    await toFinish(user)
    await user.type(field('Email'), 'maria')
    expect(await screen.findByText('Enter a valid email.')).toBeInTheDocument()
    await user.clear(field('Email'))
    expect(await screen.findByText('Email is required.')).toBeInTheDocument()
    await user.type(field('Email'), 'maria@example')
    expect(await screen.findByText('Enter a valid email.')).toBeInTheDocument()
    await user.type(field('Email'), '.com')
    await waitFor(() => expect(screen.queryByText('Enter a valid email.')).not.toBeInTheDocument())
    await user.clear(field('Email'))
    await user.type(field('Email'), 'ma ria@example.com')
    expect(await screen.findByText('Enter a valid email.')).toBeInTheDocument()
  })

  test('password messages: too short, required, cleared once long enough; show and hide', async () => {
    const { user } = renderRegister()
    await toFinish(user)
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAttribute('type', 'password')
    await user.type(password, 'short')
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument()
    await user.clear(password)
    expect(await screen.findByText('Password is required.')).toBeInTheDocument()
    await user.type(password, '12345678')
    await waitFor(() => expect(screen.queryByText(/^Password (is|must)/)).not.toBeInTheDocument())
    await user.click(button('Show password'))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(button('Hide password'))
    expect(password).toHaveAttribute('type', 'password')
  })

  test('"Let\'s go" is enabled only when the e-mail is valid and the password long enough', async () => {
    const { user } = renderRegister()
    await toFinish(user)
    const submit = button("Let's go")
    expect(submit).toBeDisabled()
    expect(submit).toHaveClass('h-14')
    await user.type(field('Email'), 'maria@example.com')
    expect(submit).toBeDisabled()
    await user.type(screen.getByLabelText('Password'), '1234567')
    expect(submit).toBeDisabled()
    await user.type(screen.getByLabelText('Password'), '8')
    expect(submit).toBeEnabled()
    await user.clear(field('Email'))
    expect(submit).toBeDisabled()
  })

  test('Terms and Privacy open in new tabs', async () => {
    const { user } = renderRegister()
    await toFinish(user)
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Privacy Policy', '/privacy'],
    ]) {
      const link = screen.getByRole('link', { name })
      expect(link).toHaveAttribute('href', href)
      expect(link).toHaveAttribute('target', '_blank')
      expect(link.getAttribute('rel')).toContain('noopener')
      expect(link).toHaveAccessibleDescription('(opens in a new tab)')
    }
  })
})

describe('submitting', () => {
  async function fillAll(user: ReturnType<typeof userEvent.setup>, email = 'Maria@Example.com ') {
    await toFinish(user)
    await user.type(field('Email'), email)
    await user.type(screen.getByLabelText('Password'), 'sampaguita')
    await waitFor(() => expect(button("Let's go")).toBeEnabled())
  }

  test('creates the account with the couple in its metadata, then the wedding, then opens the guest list', async () => {
    const { user } = renderRegister()
    await fillAll(user)
    await user.click(button("Let's go"))
    expect(await screen.findByTestId('where')).toHaveTextContent('manage /manage/guests')

    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'Maria@Example.com',
      password: 'sampaguita',
      emailRedirectTo: `${window.location.origin}/welcome`,
      metadata: {
        name: 'Maria & Juan',
        bride: { firstName: 'maria', lastName: 'dela cruz' },
        groom: { firstName: 'juan', lastName: 'reyes' },
        weddingDate: null,
      },
    })
    expect(fake.backend.rpc).toHaveBeenCalledWith('create_my_wedding', {
      p_bride: { firstName: 'maria', lastName: 'dela cruz' },
      p_groom: { firstName: 'juan', lastName: 'reyes' },
      p_date: null,
    })
    const state = useSessionStore.getState()
    expect(state.status).toBe('signedIn')
    expect(state.wedding?.bride).toEqual({ firstName: 'maria', lastName: 'dela cruz' })
    expect(state.weddingStatus).toBe('ready')
  })

  test('the chosen date is sent as YYYY-MM-DD', async () => {
    const { user } = renderRegister()
    await fillBasics(user, { deciding: false })
    await user.click(screen.getByRole('combobox', { name: 'Wedding date' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Next month' }))
    const day = within(dialog)
      .getAllByRole('button')
      .find((button) => / 20 /.test(button.getAttribute('aria-label') ?? ''))!
    await user.click(day)
    await waitFor(() => expect(button('Next')).toBeEnabled())
    await user.click(button('Next'))
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com')
    await user.type(screen.getByLabelText('Password'), 'sampaguita')
    await waitFor(() => expect(button("Let's go")).toBeEnabled())
    await user.click(button("Let's go"))
    await screen.findByTestId('where')
    const next = new Date()
    next.setDate(1)
    next.setMonth(next.getMonth() + 1)
    const expected = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-20`
    expect(fake.auth.signUp.mock.calls[0]![0].metadata.weddingDate).toBe(expected)
    expect(fake.backend.rpc).toHaveBeenCalledWith(
      'create_my_wedding',
      expect.objectContaining({ p_date: expected }),
    )
  })

  test('reads "Submitting…" and disables both buttons while busy', async () => {
    let finish: () => void = () => {}
    fake.auth.signUp.mockImplementationOnce(
      () =>
        new Promise(
          (resolve) =>
            (finish = () =>
              resolve({ user: { id: 'u', email: 'm@x.co', userMetadata: {} }, session: null })),
        ),
    )
    const { user } = renderRegister()
    await fillAll(user)
    await user.click(button("Let's go"))
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled()
    expect(button('Back')).toBeDisabled()
    await act(async () => finish())
    expect(await screen.findByTestId('where')).toHaveTextContent('welcome /welcome')
  })

  test('without a session (e-mail to confirm) it goes to /welcome with the address', async () => {
    fake.behaviour.confirmEmail = true
    const { user } = renderRegister()
    await fillAll(user, 'maria@example.com')
    await user.click(button("Let's go"))
    expect(await screen.findByTestId('where')).toHaveTextContent(
      'welcome /welcome{"email":"maria@example.com"}',
    )
    expect(fake.backend.rpc).not.toHaveBeenCalledWith('create_my_wedding', expect.anything())
  })

  test('when creating the wedding fails the account still works and goes on to management', async () => {
    fake.behaviour.failCreateWedding = 1
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user } = renderRegister()
    await fillAll(user)
    await user.click(button("Let's go"))
    expect(await screen.findByTestId('where')).toHaveTextContent('manage /manage/guests')
    expect(warn).toHaveBeenCalled()
    expect(useSessionStore.getState().status).toBe('signedIn')
    expect(useSessionStore.getState().wedding).toBeNull()
    // The first visit to management creates it from the account's metadata.
    const wedding = await useSessionStore.getState().loadWedding()
    expect(wedding?.groom).toEqual({ firstName: 'juan', lastName: 'reyes' })
    warn.mockRestore()
  })

  test.each([
    [
      'an e-mail already in use',
      new BackendError('user_already_exists', 'P0001'),
      'Email',
      "There's already an account with this email. Log in instead.",
    ],
    [
      'a weak password',
      new BackendError('weak_password', 'P0001'),
      'Password',
      'This password is too weak. Use at least 8 characters; a mix of letters, numbers and symbols is best.',
    ],
    [
      'an invalid e-mail',
      new BackendError('invalid_email', 'P0001'),
      'Email',
      'Enter a valid email.',
    ],
    [
      "the service's own password message",
      new BackendError('Password should contain a digit.', '422'),
      'Password',
      'Password should contain a digit.',
    ],
    [
      "the service's own user message",
      new BackendError('User is banned for now.', '403'),
      'Email',
      'User is banned for now.',
    ],
    [
      'any other message',
      new BackendError('Database error saving new user', '500'),
      'Email',
      'Database error saving new user',
    ],
    ['no message at all', new BackendError('', '500'), 'Email', 'Sign up failed.'],
    ['no user returned', new BackendError('sign_up_failed', 'auth'), 'Email', 'Sign up failed.'],
    [
      'a bare code we do not know',
      new BackendError('unexpected_failure', 'P0001'),
      'Email',
      'Sign up failed.',
    ],
  ])('%s is shown under the right field', async (_case, error, label, message) => {
    fake.auth.signUp.mockRejectedValueOnce(error)
    const { user } = renderRegister()
    await fillAll(user)
    await user.click(button("Let's go"))
    const input = label === 'Password' ? screen.getByLabelText('Password') : field(label)
    await waitFor(() => expect(input).toHaveAccessibleDescription(message))
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(button("Let's go")).toBeEnabled()
    expect(screen.queryByTestId('where')).not.toBeInTheDocument()
  })

  test('a service error on the e-mail clears once the e-mail is changed', async () => {
    fake.auth.signUp.mockRejectedValueOnce(new BackendError('user_already_exists', 'P0001'))
    const { user } = renderRegister()
    await fillAll(user, 'maria@example.com')
    await user.click(button("Let's go"))
    const message = "There's already an account with this email. Log in instead."
    expect(await screen.findByText(message)).toBeInTheDocument()
    await user.type(field('Email'), 'x')
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument())
  })

  test('a network failure says so', async () => {
    fake.auth.signUp.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const { user } = renderRegister()
    await fillAll(user)
    await user.click(button("Let's go"))
    expect(
      await screen.findByText("We couldn't reach the server. Check your connection and try again."),
    ).toBeInTheDocument()
  })

  test('someone already signed in is sent to their guest list', async () => {
    resetSessionStore({ status: 'signedIn', user: { id: 'u1', email: 'a@b.co', userMetadata: {} } })
    renderRegister()
    expect(await screen.findByTestId('where')).toHaveTextContent('manage /manage/guests')
  })
})
