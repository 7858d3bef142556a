// The "not for your role" page on the budget: a coordinator is told the money is the couple's and
// where the couple lets them see it; a family helper, for whom there is no such switch, only whose
// page it is.
import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, expect, test, vi } from 'vitest'
import type { Wedding } from '@/lib/api'
import { paths } from '@/lib/paths'
import enApp from '@/locales/en/app.json'
import enMembers from '@/locales/en/members.json'
import filApp from '@/locales/fil/app.json'
import filMembers from '@/locales/fil/members.json'

const members = vi.hoisted(() => ({
  listMembers: vi.fn(async () => ({ members: [], invitations: [] })),
}))
vi.mock('@/lib/api/members', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...members,
}))

const { NotForYourRole } = await import('@/app/role-gate')

const wedding = (role: string, side: string | null = null) =>
  ({
    id: 'w1',
    userId: 'u1',
    slug: 'isabel-and-miguel',
    title: 'Isabel & Miguel',
    bride: { firstName: 'Isabel', lastName: 'Dela Cruz' },
    groom: { firstName: 'Miguel', lastName: 'Santos' },
    date: '2027-06-20',
    theme: { name: 'classic' },
    isPublished: false,
    rsvpDeadline: null,
    rsvpQuestions: [],
    contact: {},
    sections: [],
    myRole: role,
    mySide: side,
    seesMoney: false,
  }) as unknown as Wedding

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['app'],
    defaultNS: 'app',
    resources: { en: { app: enApp }, fil: { app: filApp } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
})

const renderGate = (role: string, side: string | null = null) =>
  render(
    <MemoryRouter>
      <NotForYourRole wedding={wedding(role, side)} screen={paths.manage.planBudget} />
    </MemoryRouter>,
  )

test('a coordinator on the budget is told the couple can let them see it, and where', async () => {
  await i18next.changeLanguage('en')
  renderGate('coordinator')
  expect(
    screen.getByRole('heading', { level: 1, name: 'This page is for the couple' }),
  ).toBeTruthy()
  expect(
    screen.getByText(
      "The budget, the payments and the gift amounts are the couple's. They can let you see them: on the Members page, under “The money”, they turn on “Let the coordinator see the budget and gift amounts”.",
    ),
  ).toBeTruthy()
  // The switch it names is the one the Members page has.
  expect(enMembers.money).toMatchObject({
    heading: 'The money',
    label: 'Let the coordinator see the budget and gift amounts',
  })
})

test('in Filipino too', async () => {
  await i18next.changeLanguage('fil')
  try {
    renderGate('coordinator')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Para sa ikakasal ang pahinang ito' }),
    ).toBeTruthy()
    expect(
      screen.getByText(
        'Sa ikakasal ang budget, ang mga bayad at ang halaga ng mga regalo. Puwede nilang ipakita ito sa inyo: sa pahina ng Mga Kasama, sa ilalim ng “Ang pera”, i-on nila ang “Ipakita sa coordinator ang budget at halaga ng mga regalo”.',
      ),
    ).toBeTruthy()
    expect(filMembers.money).toMatchObject({
      heading: 'Ang pera',
      label: 'Ipakita sa coordinator ang budget at halaga ng mga regalo',
    })
  } finally {
    await i18next.changeLanguage('en')
  }
})

test('a family helper, whom the couple cannot let in, is told only whose page it is', () => {
  renderGate('family_helper', 'bride')
  expect(
    screen.getByRole('heading', { level: 1, name: 'This page is for the couple' }),
  ).toBeTruthy()
  expect(
    screen.getByText(
      'The owner and the partner of the wedding look after this part, so nothing here changes without them.',
    ),
  ).toBeTruthy()
  expect(screen.queryByText(/They can let you see them/)).toBeNull()
})
