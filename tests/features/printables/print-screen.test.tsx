// The print page's screen with a known chart: the sheets it prints per paper and language, and the
// empty states that say what to do first.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { PrintScreen } from '@/features/printables/routes/print-page'
import type { PrintHousehold, SeatingLayout } from '@/features/printables/model'
import type { Wedding } from '@/lib/api'
import { addStrings } from '@/lib/i18n'
import enCommon from '@/locales/en/common.json'
import enPrintables from '@/locales/en/printables.json'
import enSite from '@/locales/en/site.json'
import filPrintables from '@/locales/fil/printables.json'
import filSite from '@/locales/fil/site.json'

const i18n = createInstance()
beforeAll(async () => {
  // The preview fits the sheets to the screen's width as it changes; the test's document has no layout.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  )
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common', 'printables'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, printables: enPrintables } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  // The printed words, in either language, as the page reads them.
  addStrings('en', 'printables', enPrintables)
  addStrings('fil', 'printables', filPrintables)
  addStrings('en', 'site', enSite)
  addStrings('fil', 'site', filSite)
})

const wedding = (overrides: Partial<Wedding> = {}): Wedding => ({
  id: 'w1',
  userId: 'u1',
  slug: 'ana-and-ben',
  title: 'Ana & Ben',
  bride: { firstName: 'ana', lastName: 'Cruz' },
  groom: { firstName: 'Ben', lastName: 'Reyes' },
  date: null,
  theme: { name: 'modern' },
  isPublished: false,
  rsvpDeadline: null,
  rsvpQuestions: [],
  contact: { email: null, phone: null, names: null, messenger: null },
  sections: [],
  myRole: 'owner',
  ...overrides,
})

// 23 guests in one household, all seated at two tables.
const households: PrintHousehold[] = [
  {
    id: 'h1',
    persons: Array.from({ length: 23 }, (_, index) => ({
      id: `p${index}`,
      firstName: `Guest ${index}`,
      lastName: `Surname ${String(index).padStart(2, '0')}`,
      isAttending: true,
    })),
  },
]
const layout: SeatingLayout = {
  tables: [
    { id: 't1', name: 'Table 1' },
    { id: 't2', name: 'Sampaguita' },
  ],
  seats: households[0]!.persons.map((person, index) => ({
    tableId: index < 12 ? 't1' : 't2',
    personId: person.id,
  })),
}

function renderScreen(
  props: { wedding?: Wedding; layout?: SeatingLayout; households?: PrintHousehold[] } = {},
) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <PrintScreen
          wedding={props.wedding ?? wedding()}
          households={props.households ?? households}
          layout={props.layout ?? layout}
        />
      </MemoryRouter>
    </I18nextProvider>,
  )
}

const printed = () => document.getElementById('printables-print')!

describe('the print page', () => {
  test('a guest who sent regrets and is still seated is not printed, and is listed for the couple', async () => {
    const declined = [
      {
        id: 'h1',
        persons: households[0]!.persons.map((person, index) =>
          index === 0 ? { ...person, isAttending: false } : person,
        ),
      },
    ]
    renderScreen({ wedding: wedding({ siteLanguage: 'en' }), households: declined })
    const note = screen.getByRole('region', { name: '1 guest who sent regrets still has a seat' })
    expect(within(note).getByRole('listitem')).toHaveTextContent('Guest 0 Surname 00 · Table 1')
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(within(preview).getAllByText('Your table')).toHaveLength(22)
    expect(within(preview).queryByText('Guest 0 Surname 00')).toBeNull()

    await userEvent.click(screen.getByRole('radio', { name: /^Table cards/ }))
    expect(
      within(screen.getByRole('region', { name: 'Preview' })).queryByText('Guest 0 Surname 00'),
    ).toBeNull()
    expect(
      screen.getByRole('region', { name: '1 guest who sent regrets still has a seat' }),
    ).toBeInTheDocument()
  })

  test('escort cards: ten to an A4 sheet, in the site language; letter changes the page size', async () => {
    renderScreen({ wedding: wedding({ siteLanguage: 'en' }) })
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked()
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(within(preview).getAllByTestId('print-sheet')).toHaveLength(3)
    expect(within(preview).getAllByText('Your table')).toHaveLength(23)
    expect(
      within(preview).getByText('3 pages. On paper, only the pages print: not this screen.'),
    ).toBeInTheDocument()
    // The same sheets, once more, for paper.
    expect(printed().querySelectorAll('[data-testid="print-sheet"]')).toHaveLength(3)
    expect(document.querySelector('style')!.textContent).toContain('@page { size: A4; margin: 0; }')

    await userEvent.click(screen.getByRole('radio', { name: /^Letter/ }))
    expect(document.querySelector('style')!.textContent).toContain(
      '@page { size: letter; margin: 0; }',
    )
    expect((printed().firstElementChild as HTMLElement).style.getPropertyValue('--pt-height')).toBe(
      '278.8mm',
    )
  })

  test('the escort list in Filipino by default, 68 names to a sheet; table cards one per table', async () => {
    renderScreen()
    expect(screen.getByRole('radio', { name: 'Filipino' })).toBeChecked()
    await userEvent.click(screen.getByRole('radio', { name: /^Escort list/ }))
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(
      within(preview).getByRole('heading', { name: 'Hanapin ang inyong mesa' }),
    ).toBeInTheDocument()
    expect(within(preview).getAllByTestId('print-sheet')).toHaveLength(1)
    expect(within(preview).getAllByRole('listitem')[0]).toHaveTextContent(
      'Surname 00, Guest 0Table 1',
    )
    expect(within(preview).getAllByRole('listitem')[22]).toHaveTextContent(
      'Surname 22, Guest 22Sampaguita',
    )

    await userEvent.click(screen.getByRole('radio', { name: /^Table cards/ }))
    const sheets = within(screen.getByRole('region', { name: 'Preview' })).getAllByTestId(
      'print-sheet',
    )
    expect(sheets.map((sheet) => within(sheet).getByRole('heading').textContent)).toEqual([
      'Table 1',
      'Sampaguita',
    ])
    expect(within(sheets[1]!).getAllByRole('listitem')).toHaveLength(11)
  })

  test('a long printout: the preview draws six sheets, paper gets them all; many unseated are counted', async () => {
    const many: PrintHousehold[] = [
      {
        id: 'h2',
        persons: Array.from({ length: 115 }, (_, index) => ({
          id: `m${index}`,
          firstName: `Guest ${index}`,
          lastName: 'Santos',
          isAttending: null,
        })),
      },
    ]
    // 75 seated at one table, 40 waiting.
    const seated: SeatingLayout = {
      tables: [{ id: 't1', name: 'Table 1' }],
      seats: many[0]!.persons
        .slice(0, 75)
        .map((person) => ({ tableId: 't1', personId: person.id })),
    }
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PrintScreen
            wedding={wedding({ siteLanguage: 'en' })}
            households={many}
            layout={seated}
          />
        </MemoryRouter>
      </I18nextProvider>,
    )
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(within(preview).getAllByTestId('print-sheet')).toHaveLength(6)
    expect(
      within(preview).getByText(
        '8 pages. On paper, only the pages print: not this screen. The preview shows the first 6; all of them print.',
      ),
    ).toBeInTheDocument()
    expect(printed().querySelectorAll('[data-testid="print-sheet"]')).toHaveLength(8)
    expect(printed().querySelectorAll('.pt-card')).toHaveLength(75)
    expect(screen.getByRole('heading', { name: '40 guests have no table yet' })).toBeInTheDocument()
    expect(within(screen.getByTestId('unseated-list')).getAllByRole('listitem')).toHaveLength(30)
    expect(screen.getByText('…and 10 more.')).toBeInTheDocument()
  })

  test('nothing to print says what to do first, with a link only for those who may go there', async () => {
    renderScreen({ layout: { tables: [], seats: [] } })
    expect(screen.getByRole('heading', { name: 'Seat your guests first' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the seating chart' })).toHaveAttribute(
      'href',
      '/manage/seating',
    )
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled()
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument()
    expect(printed()).toBeNull()
    // Everyone is unseated now: listed on screen.
    expect(screen.getByRole('heading', { name: '23 guests have no table yet' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('radio', { name: /^Table cards/ }))
    expect(screen.getByRole('heading', { name: 'Add your tables first' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('radio', { name: /^Entourage insert/ }))
    expect(
      screen.getByRole('heading', { name: 'Fill in your entourage first' }),
    ).toBeInTheDocument()
    // The site has no wedding-party section: the list of sections, where it can be added back.
    expect(screen.getByRole('link', { name: 'Fill in the wedding party' })).toHaveAttribute(
      'href',
      '/manage/cms',
    )
  })

  test("an empty wedding-party section's link opens its editor", async () => {
    const section = {
      id: 's1',
      weddingId: 'w1',
      type: 'wedding-party' as const,
      label: null,
      title: 'Gabay',
      path: 'wedding-party',
      visible: true,
      orderIndex: 3,
      data: {},
    }
    renderScreen({ wedding: wedding({ sections: [section] }) })
    await userEvent.click(screen.getByRole('radio', { name: /^Entourage insert/ }))
    expect(screen.getByRole('link', { name: 'Fill in the wedding party' })).toHaveAttribute(
      'href',
      '/manage/cms/editor?section=wedding-party',
    )
  })

  test('a coordinator with no entourage is told to ask the couple (the content editor is theirs)', async () => {
    renderScreen({ wedding: wedding({ myRole: 'coordinator' }) })
    await userEvent.click(screen.getByRole('radio', { name: /^Entourage insert/ }))
    expect(screen.getByText(/Ask the couple to fill it in/)).toBeInTheDocument()
    expect(
      screen.queryByRole('link', { name: 'Fill in the wedding party' }),
    ).not.toBeInTheDocument()
  })

  test('the entourage insert under the section title, in the paper language', async () => {
    const section = {
      id: 's1',
      weddingId: 'w1',
      type: 'wedding-party' as const,
      label: 'Wedding Party',
      title: 'Ang Aming Entourage',
      path: 'wedding-party',
      visible: true,
      orderIndex: 3,
      data: {
        entourage: { officiatingPriest: { name: 'Fr. Jun' }, flowerGirls: [{ name: 'Sofia' }] },
      },
    }
    renderScreen({ wedding: wedding({ sections: [section] }) })
    await userEvent.click(screen.getByRole('radio', { name: /^Entourage insert/ }))
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(within(preview).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Ang Aming Entourage',
    )
    expect(
      within(preview)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Ang Magkakasal', 'Mga Abay', 'Mga Tagasaboy ng Bulaklak'])
    await userEvent.click(screen.getByRole('radio', { name: 'English' }))
    expect(
      within(preview)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Officiating Priest', 'Attendants', 'Flower Girls'])
  })
})
