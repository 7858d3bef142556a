// The website builder's screen: the section list (reorder, visibility, custom pages), undo and redo,
// Save, and the live preview receiving the unsaved site. The preview frame itself is the lead's
// shared component, tested on its own; here it is a stub that records the site it is given.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Site } from '@/lib/api'
import { BackendError } from '@/lib/backend'
import { useSessionStore } from '@/lib/session'
import enAuth from '@/locales/en/auth.json'
import enWebsite from '@/locales/en/website.json'
import enCommon from '@/locales/en/common.json'
import { websiteWedding } from './website-wedding'

const api = vi.hoisted(() => ({
  saveSiteStructure: vi.fn(),
  setWeddingPublished: vi.fn(),
  updateWeddingDetails: vi.fn(),
  checkWeddingSlug: vi.fn(),
  changeWeddingSlug: vi.fn(),
}))
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }))
const previews = vi.hoisted(() => [] as Site[])
vi.mock('@/components/site-preview-frame', () => ({
  SitePreviewFrame: ({ site, title }: { site: Site; title: string }) => {
    previews.push(site)
    return <div role="img" aria-label={title} />
  },
}))

vi.setConfig({ testTimeout: 20_000 })

const { WebsiteScreen } = await import('@/features/website/components/website-screen')
const { useWebsiteStore } = await import('@/features/website/website-store')
const initialWebsite = useWebsiteStore.getState()

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common', 'website', 'auth'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, website: enWebsite, auth: enAuth } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

beforeEach(() => {
  useWebsiteStore.setState(initialWebsite, true)
  previews.length = 0
})
afterEach(() => vi.clearAllMocks())

function renderWebsite(wedding = websiteWedding()) {
  useSessionStore.setState({ wedding, weddingStatus: 'ready' })
  const router = createMemoryRouter(
    [
      { path: '/manage/website', element: <WebsiteScreen wedding={wedding} /> },
      { path: '/manage/guests', element: <p>guest list</p> },
    ],
    { initialEntries: ['/manage/website'] },
  )
  render(<RouterProvider router={router} />)
  return { user: userEvent.setup(), router }
}

const list = () => screen.getByRole('list', { name: 'Sections of your site, in order' })
/** The sections' names in list order: each row's expander starts with the name. */
const order = () =>
  within(list())
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('button')[1]!.firstElementChild!.textContent)
const lastPreview = () => previews[previews.length - 1]!
const saveButton = () => screen.getByRole('button', { name: 'Save' })

describe('the website builder', () => {
  test('reorders by the keyboard-friendly buttons; the preview follows; Save sends the new order', async () => {
    const { user } = renderWebsite()
    expect(order().slice(0, 3)).toEqual(['Home', 'Our Story', 'Schedule'])
    expect(saveButton()).toBeDisabled()

    await user.click(within(list()).getByRole('button', { name: /^Schedule/ }))
    await user.click(screen.getByRole('button', { name: 'Move up' }))
    await user.click(screen.getByRole('button', { name: 'Move up' }))
    expect(order().slice(0, 3)).toEqual(['Schedule', 'Home', 'Our Story'])
    expect(
      lastPreview()
        .sections.slice(0, 2)
        .map((section) => [section.path, section.orderIndex]),
    ).toEqual([
      ['schedule', 0],
      ['home', 1],
    ])
    expect(screen.getByRole('button', { name: 'Move up' })).toBeDisabled()

    api.saveSiteStructure.mockImplementation(async (_id, sections, theme) => ({
      ...websiteWedding(),
      theme,
      sections: sections.map((section: { id: string }, orderIndex: number) => ({
        ...websiteWedding().sections.find((saved) => saved.id === section.id)!,
        ...section,
        orderIndex,
      })),
    }))
    await user.click(saveButton())
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument())
    const [weddingId, sections, theme] = api.saveSiteStructure.mock.calls[0]!
    expect(weddingId).toBe(websiteWedding().id)
    expect(sections.slice(0, 3).map((section: { path: string }) => section.path)).toEqual([
      'schedule',
      'home',
      'our-story',
    ])
    expect(theme).toEqual({ name: 'classic' })
    expect(saveButton()).toBeDisabled()
  })

  test('the eye hides and shows a section, in the list and the preview', async () => {
    const { user } = renderWebsite()
    const toggle = screen.getByRole('switch', { name: 'Show Where to Stay on the site' })
    expect(toggle).toBeChecked()
    await user.click(toggle)
    expect(toggle).not.toBeChecked()
    expect(lastPreview().sections.find((section) => section.path === 'travel')?.visible).toBe(false)
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
    await user.click(toggle)
    expect(toggle).toBeChecked()
    // Back to what was saved: nothing to save.
    expect(saveButton()).toBeDisabled()
  })

  test('adds, renames and removes a custom page; a blank name is refused', async () => {
    const { user } = renderWebsite()
    const name = screen.getByRole('textbox', { name: 'Add a page' })
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Give the page a name.')

    await user.type(name, 'Paalala sa bisita')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(order().at(-1)).toBe('Paalala sa bisita')
    expect(lastPreview().sections.at(-1)).toMatchObject({
      type: 'custom',
      title: 'Paalala sa bisita',
      path: 'paalala-sa-bisita',
      visible: true,
    })

    // The new page opens, ready to rename.
    const rename = screen.getByRole('textbox', { name: 'Name in the menu' })
    await user.clear(rename)
    await user.type(rename, 'Mga Paalala')
    await user.click(screen.getByRole('button', { name: 'Rename Paalala sa bisita' }))
    expect(order().at(-1)).toBe('Mga Paalala')
    expect(screen.getByText('Address: …/mga-paalala')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Remove page' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove “Mga Paalala”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove page' }))
    expect(order()).toHaveLength(10)
    // Built-in sections have no Remove.
    await user.click(within(list()).getByRole('button', { name: /^Gallery/ }))
    expect(screen.queryByRole('button', { name: 'Remove page' })).not.toBeInTheDocument()
  })

  test('a blank page name is said under the field, which takes the focus; nothing goes into the draft or its undo', async () => {
    const { user } = renderWebsite()
    const name = screen.getByRole('textbox', { name: 'Add a page' })
    await user.type(name, '   ')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const message = await screen.findByText('Give the page a name.')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name.getAttribute('aria-describedby')).toBe(message.id)
    await waitFor(() => expect(name).toHaveFocus())
    expect(name).toHaveValue('   ')
    expect(order()).toHaveLength(10)
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled()

    // Said until a name is typed, and again when it is cleared, as before.
    await user.type(name, 'Paradahan')
    await waitFor(() => expect(screen.queryByText('Give the page a name.')).toBeNull())
    expect(name).toHaveAttribute('aria-invalid', 'false')
    await user.clear(name)
    expect(await screen.findByText('Give the page a name.')).toBeInTheDocument()

    // Once a page is added the field is empty and quiet, for the next one.
    await user.type(name, 'Paradahan{Enter}')
    await waitFor(() => expect(order().at(-1)).toBe('Paradahan'))
    expect(name).toHaveValue('')
    await user.type(name, 'x')
    await user.clear(name)
    await user.click(document.body)
    expect(screen.queryByText('Give the page a name.')).toBeNull()
    expect(name).toHaveAttribute('aria-invalid', 'false')
  })

  test('undo and redo walk back and forth through changes, by button and by Ctrl+Z', async () => {
    const { user } = renderWebsite()
    const undo = screen.getByRole('button', { name: 'Undo' })
    const redo = screen.getByRole('button', { name: 'Redo' })
    expect(undo).toBeDisabled()

    await user.click(screen.getByRole('switch', { name: 'Show FAQs on the site' }))
    await user.type(screen.getByRole('textbox', { name: 'Add a page' }), 'Paalala{Enter}')
    expect(order().at(-1)).toBe('Paalala')

    await user.click(undo)
    expect(order().at(-1)).toBe('RSVP')
    expect(screen.getByRole('switch', { name: 'Show FAQs on the site' })).not.toBeChecked()
    await user.click(undo)
    expect(screen.getByRole('switch', { name: 'Show FAQs on the site' })).toBeChecked()
    expect(undo).toBeDisabled()
    expect(saveButton()).toBeDisabled()

    await user.click(redo)
    expect(screen.getByRole('switch', { name: 'Show FAQs on the site' })).not.toBeChecked()
    await user.click(document.body)
    await user.keyboard('{Control>}z{/Control}')
    expect(screen.getByRole('switch', { name: 'Show FAQs on the site' })).toBeChecked()
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
    expect(screen.getByRole('switch', { name: 'Show FAQs on the site' })).not.toBeChecked()
  })

  test('a failed save keeps every change and says why', async () => {
    const { user } = renderWebsite()
    await user.click(screen.getByRole('switch', { name: 'Show Gifts on the site' }))
    api.saveSiteStructure.mockRejectedValue(new BackendError('invalid_input', 'P0001'))
    await user.click(saveButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your changes were not saved. Some details are not valid. Please check them and try again. They are still here: try again.',
    )
    expect(screen.getByRole('switch', { name: 'Show Gifts on the site' })).not.toBeChecked()
    expect(saveButton()).toBeEnabled()
  })

  test('leaving with unsaved changes asks first', async () => {
    const { user, router } = renderWebsite()
    await user.click(screen.getByRole('switch', { name: 'Show Gifts on the site' }))
    void router.navigate('/manage/guests')
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(router.state.location.pathname).toBe('/manage/website')
    void router.navigate('/manage/guests')
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave and drop changes',
      }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/guests'))
    // Leave dropped the change, as the dialog says: back on the builder, the saved site.
    void router.navigate('/manage/website')
    expect(await screen.findByRole('switch', { name: 'Show Gifts on the site' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
  })
})
