// The loss notice as sign-in and management show it: from the embedded database's start and the
// marker this browser kept, through the restore and the choice to go on without it.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type * as Backends from '@/lib/backend'
import { BackendError, type Backend, type LocalDataPort } from '@/lib/backend'
import { initI18n } from '@/lib/i18n'
import { startI18next } from '@/lib/i18n/i18next'

const mocks = vi.hoisted(() => ({ backend: null as unknown as Backend }))
vi.mock('@/lib/backend', async (original) => ({
  ...(await original<typeof Backends>()),
  getBackend: () => Promise.resolve(mocks.backend),
}))
// Signed out, as a loss usually leaves the couple (their account was in the lost database).
vi.mock('@/lib/session', () => ({
  useSessionStore: (select: (state: { wedding: null }) => unknown) => select({ wedding: null }),
}))

const MARKER = 'kasalan.local.marker'
const lastVisit = '2026-11-20T02:00:00.000Z'

function localBackend(
  startedEmpty: boolean,
  restore = vi.fn().mockResolvedValue(undefined),
): Backend {
  const localData: LocalDataPort = {
    startedEmpty,
    persisted: vi.fn().mockResolvedValue(false),
    persist: vi.fn().mockResolvedValue(false),
    backup: vi.fn(),
    restore,
  }
  return { kind: 'local', localData, rpc: vi.fn(), auth: vi.fn(), mayHaveSession: () => false }
}

/** A new page load: the guard checks once per load, so each test takes fresh modules. */
async function renderNotices() {
  vi.resetModules()
  const { StorageNotices } = await import('@/features/data')
  return render(
    <MemoryRouter>
      <StorageNotices />
    </MemoryRouter>,
  )
}

beforeAll(async () => {
  await initI18n('/auth/login')
  await startI18next(['data'])
})

beforeEach(() => {
  localStorage.clear()
  document.cookie = 'kasalan_local=; Max-Age=0; Path=/'
  localStorage.setItem(
    MARKER,
    JSON.stringify({ firstSeenAt: lastVisit, seenAt: lastVisit, backupAt: null }),
  )
})

describe('StorageNotices', () => {
  test('a start that made a new database where a wedding was opened says so until answered', async () => {
    mocks.backend = localBackend(true)
    const first = await renderNotices()
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Your wedding is no longer in this browser',
    })
    expect(dialog).toHaveTextContent('Kasalan was last opened here on 20 Nov')
    expect(dialog).toHaveTextContent('No backup was downloaded in this browser.')
    // The restore has the focus: going on without it gives the wedding up.
    expect(screen.getByLabelText('Restore a backup')).toHaveFocus()

    first.unmount()

    // The next load finds the new database, and still says it.
    mocks.backend = localBackend(false)
    await renderNotices()
    await screen.findByRole('alertdialog', { name: 'Your wedding is no longer in this browser' })

    await userEvent.click(screen.getByRole('button', { name: 'Go on without it' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(JSON.parse(localStorage.getItem(MARKER)!).lostSince).toBeNull()
  })

  test('a file that is not a backup is refused in the notice, which stays', async () => {
    mocks.backend = localBackend(
      true,
      vi.fn().mockRejectedValue(new BackendError('backup_invalid', 'P0001')),
    )
    await renderNotices()
    await screen.findByRole('alertdialog')
    await userEvent.upload(
      screen.getByLabelText('Restore a backup'),
      new File(['nope'], 'notes.tar.gz'),
    )
    expect(
      await screen.findByText("This file isn't a Kasalan backup. Nothing was changed."),
    ).toBeInTheDocument()
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(MARKER)!).lostSince).toBe(lastVisit)
  })

  test('a start that opened the database kept here, or a browser with no marker, says nothing', async () => {
    mocks.backend = localBackend(false)
    await renderNotices()
    localStorage.clear()
    mocks.backend = localBackend(true)
    await renderNotices()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
