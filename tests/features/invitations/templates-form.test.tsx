// The couple's invitation and reminder wording: a save the database refuses keeps every box as typed
// and says why; our own wording left as it is saves as "none", so it keeps following the deadline.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { beforeAll, expect, test, vi } from 'vitest'
import { TemplatesForm } from '@/features/invitations/components/templates-form'
import { BackendError } from '@/lib/backend'
import { defaultTemplates } from '@/lib/invitations/message'
import enCommon from '@/locales/en/common.json'
import enInvitations from '@/locales/en/invitations.json'

const i18n = createInstance()
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common', 'invitations'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, invitations: enInvitations } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

test('a refused save keeps what was typed and says why; the next one sends only the wording the couple changed', async () => {
  const save = vi
    .fn()
    .mockRejectedValueOnce(new BackendError('wedding_not_found', 'P0001'))
    .mockResolvedValueOnce(undefined)
  render(
    <I18nextProvider i18n={i18n}>
      <TemplatesForm
        templates={{ reminder: { fil: 'Paalala po: {deadline}' } }}
        hasDeadline
        save={save}
      />
    </I18nextProvider>,
  )
  const user = userEvent.setup()
  const english = screen.getByLabelText('Invitation in English') as HTMLTextAreaElement
  expect(english.value).toBe(defaultTemplates.invitation.en.deadline)
  expect((screen.getByLabelText('Reminder in Filipino') as HTMLTextAreaElement).value).toBe(
    'Paalala po: {deadline}',
  )
  await user.clear(english)
  await user.type(english, 'Hello {{names}!')
  expect(screen.getByText('14 of 1000 characters')).toBeTruthy()

  await user.click(screen.getByRole('button', { name: 'Save templates' }))
  await waitFor(() =>
    expect(screen.getByRole('status').textContent).toBe(
      "We couldn't find this wedding. Your account may no longer have access to it.",
    ),
  )
  expect(english.value).toBe('Hello {names}!')
  expect((screen.getByLabelText('Reminder in Filipino') as HTMLTextAreaElement).value).toBe(
    'Paalala po: {deadline}',
  )

  await user.click(screen.getByRole('button', { name: 'Save templates' }))
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Templates saved.'))
  expect(save).toHaveBeenLastCalledWith({
    invitation: { fil: '', en: 'Hello {names}!' },
    reminder: { fil: 'Paalala po: {deadline}', en: '' },
  })
})
