// The header's wedding switcher asks for the account's weddings once the session knows its
// wedding, and again only when the wedding changes; it shows only with two weddings or more.
import { act, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, expect, test, vi } from 'vitest'
import type { Wedding } from '@/lib/api'
import type { MyWedding } from '@/lib/api/members'

const api = vi.hoisted(() => ({ listMyWeddings: vi.fn() }))
vi.mock('@/lib/api/members', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}))

const { WeddingSwitcher } = await import('@/features/members/components/wedding-switcher')
const { useSessionStore } = await import('@/lib/session')

const wedding = (id: string) =>
  ({
    id,
    bride: { firstName: 'Isabel' },
    groom: { firstName: 'Miguel' },
    date: null,
  }) as unknown as Wedding
const mine = (id: string, bride: string): MyWedding =>
  ({
    id,
    role: 'coordinator',
    bride: { firstName: bride, lastName: '' },
    groom: { firstName: 'Miguel', lastName: '' },
    date: null,
  }) as unknown as MyWedding

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { app: {} } }, react: { useSuspense: false } })
})

test('reads the weddings once the wedding is known, once per wedding, and offers the choice', async () => {
  api.listMyWeddings.mockResolvedValue([mine('w1', 'Isabel'), mine('w2', 'Ana')])
  useSessionStore.setState({
    status: 'signedIn',
    user: { id: 'u1', email: 'coordinator@kasalan.ph', userMetadata: {} },
    wedding: null,
  })
  render(
    <MemoryRouter>
      <WeddingSwitcher />
    </MemoryRouter>,
  )
  expect(api.listMyWeddings).not.toHaveBeenCalled()

  await act(async () => useSessionStore.setState({ wedding: wedding('w1') }))
  expect(await screen.findByRole('combobox')).toHaveValue('w1')
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
    expect.stringContaining('Isabel'),
    expect.stringContaining('Ana'),
  ])
  expect(api.listMyWeddings).toHaveBeenCalledTimes(1)

  // The same wedding again (a refreshed session): nothing read; another wedding: read again.
  await act(async () => useSessionStore.setState({ wedding: { ...wedding('w1') } }))
  expect(api.listMyWeddings).toHaveBeenCalledTimes(1)
  await act(async () => useSessionStore.setState({ wedding: wedding('w2') }))
  expect(api.listMyWeddings).toHaveBeenCalledTimes(2)
})
