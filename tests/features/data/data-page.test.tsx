import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { DataPage } from '@/features/data/routes/data-page'
import type * as Backends from '@/lib/backend'
import { BackendError, type Backend, type LocalDataPort } from '@/lib/backend'
import { initI18n } from '@/lib/i18n'
import { startI18next } from '@/lib/i18n/i18next'

const mocks = vi.hoisted(() => ({
  backend: null as unknown as Backend,
  exportWedding: vi.fn(),
  importWedding: vi.fn(),
  loadGuestList: vi.fn(),
  reload: vi.fn(),
}))

vi.mock('@/lib/backend', async (original) => ({
  ...(await original<typeof Backends>()),
  getBackend: () => Promise.resolve(mocks.backend),
}))
vi.mock('@/lib/api/data', () => ({
  exportWedding: mocks.exportWedding,
  importWedding: mocks.importWedding,
}))
vi.mock('@/lib/guest-list', () => ({
  useGuestListStore: { getState: () => ({ load: mocks.loadGuestList }) },
}))
vi.mock('@/lib/session', () => ({
  useMyWedding: () => ({
    wedding: { id: 'w1', slug: 'maria-and-juan' },
    status: 'ready',
    error: null,
    reload: mocks.reload,
  }),
}))

function localData(overrides: Partial<LocalDataPort> = {}): LocalDataPort {
  return {
    startedEmpty: false,
    persisted: vi.fn().mockResolvedValue(false),
    persist: vi.fn().mockResolvedValue(false),
    backup: vi.fn().mockResolvedValue(new Blob(['backup'])),
    restore: vi.fn().mockResolvedValue(undefined),
    ...overrides,
  }
}

function backend(kind: Backend['kind'], data?: LocalDataPort): Backend {
  return { kind, localData: data, rpc: vi.fn(), auth: vi.fn(), mayHaveSession: () => true }
}

beforeAll(async () => {
  await initI18n('/manage/data')
  await startI18next(['data'])
})

beforeEach(() => {
  vi.clearAllMocks()
})

describe('DataPage', () => {
  test('a file that is not a backup is refused with a reason, and the page is not reloaded', async () => {
    const data = localData({
      restore: vi.fn().mockRejectedValue(new BackendError('backup_invalid', 'P0001')),
    })
    mocks.backend = backend('local', data)
    const user = userEvent.setup()
    render(<DataPage />)

    await user.upload(
      await screen.findByLabelText('Restore a backup'),
      new File(['nope'], 'notes.tar.gz'),
    )
    const dialog = screen.getByRole('alertdialog', { name: 'Restore this backup?' })
    expect(dialog).toHaveTextContent('notes.tar.gz')
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }))

    expect(
      await screen.findByText("This file isn't a Kasalan backup. Nothing was changed."),
    ).toBeInTheDocument()
    expect(data.restore).toHaveBeenCalledOnce()
  })

  test('a backup carrying settings of its own is refused with its own reason', async () => {
    const data = localData({
      restore: vi.fn().mockRejectedValue(new BackendError('backup_settings_differ', 'P0001')),
    })
    mocks.backend = backend('local', data)
    const user = userEvent.setup()
    render(<DataPage />)

    await user.upload(
      await screen.findByLabelText('Restore a backup'),
      new File(['tar'], 'kasalan-backup.tar.gz'),
    )
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    )
    expect(
      await screen.findByText(/carries database settings of its own .* so it wasn't restored/),
    ).toBeInTheDocument()
  })

  test('asks the browser to keep the data, and says so when it declines', async () => {
    const data = localData()
    mocks.backend = backend('local', data)
    const user = userEvent.setup()
    render(<DataPage />)

    await user.click(await screen.findByRole('button', { name: 'Ask the browser to keep it' }))
    expect(data.persist).toHaveBeenCalledOnce()
    expect(await screen.findByText(/The browser said no for now/)).toBeInTheDocument()
  })

  test('a JSON file that is not a wedding file never reaches the database', async () => {
    mocks.backend = backend('supabase')
    const user = userEvent.setup()
    render(<DataPage />)

    await user.upload(
      await screen.findByLabelText('Import a wedding file'),
      new File(['{"hello": 1}'], 'other.json'),
    )
    expect(
      await screen.findByText("This file isn't a Kasalan wedding file. Nothing was changed."),
    ).toBeInTheDocument()
    expect(mocks.importWedding).not.toHaveBeenCalled()
  })

  test('a wedding file nested 50,000 levels deep is refused on reading, and never reaches the database', async () => {
    mocks.backend = backend('local', localData())
    const user = userEvent.setup()
    render(<DataPage />)

    const text = `{"format":"kasalan-wedding","version":1,"sections":[{"data":${'['.repeat(50_000)}1${']'.repeat(50_000)}}]}`
    await user.upload(
      await screen.findByLabelText('Import a wedding file'),
      new File([text], 'deep.json'),
    )
    expect(
      await screen.findByText(/nested far deeper than any Kasalan wedding file/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(mocks.importWedding).not.toHaveBeenCalled()
  })

  test("on hosted Supabase, imports a wedding file after asking, counts the file's households, and reads the guest list again", async () => {
    mocks.backend = backend('supabase')
    mocks.importWedding.mockResolvedValue({ id: 'w1' })
    const user = userEvent.setup()
    render(<DataPage />)

    expect(await screen.findByText(/kept on your hosted Supabase project/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download a backup' })).not.toBeInTheDocument()
    const content = {
      format: 'kasalan-wedding',
      version: 1,
      households: [{ id: 'h1' }, { id: 'h2' }, { id: 'h3' }],
      persons: [],
    }
    await user.upload(
      screen.getByLabelText('Import a wedding file'),
      new File([JSON.stringify(content)], 'kasal.json'),
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Import this wedding?' })
    await user.click(within(dialog).getByRole('button', { name: 'Import' }))

    await waitFor(() => expect(mocks.importWedding).toHaveBeenCalledWith('w1', content))
    expect(
      await screen.findByText('Wedding imported: 3 households are on your guest list.'),
    ).toBeInTheDocument()
    expect(mocks.loadGuestList).toHaveBeenCalledWith('w1', { force: true })
    expect(mocks.reload).toHaveBeenCalled()
  })

  test('a refused import keeps the wedding as it was and says why', async () => {
    mocks.backend = backend('local', localData())
    mocks.importWedding.mockRejectedValue(new BackendError('wedding_not_empty', 'P0001'))
    const user = userEvent.setup()
    render(<DataPage />)

    const content = { format: 'kasalan-wedding', version: 1 }
    await user.upload(
      await screen.findByLabelText('Import a wedding file'),
      new File([JSON.stringify(content)], 'kasal.json'),
    )
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Import' }),
    )
    expect(
      await screen.findByText(
        /already has guests, a seating chart or a plan \(checklist, budget, suppliers or gifts\), so nothing was imported/,
      ),
    ).toBeInTheDocument()
    expect(mocks.reload).not.toHaveBeenCalled()
  })
})
