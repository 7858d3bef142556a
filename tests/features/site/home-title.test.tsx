import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { bootData } from '../../../scripts/boot-hero-plugin'
import { bootHero } from '@/features/site/boot-hero'
import { HomeSection } from '@/features/site/sections/home-section'
import type { Section } from '@/lib/api'
import { isCoupleTitle } from '@/lib/names'
import { homeTitleFollowsNames } from '@/lib/site-content'
import { demoSection, demoSite, renderAt, setUpI18n } from './render-site'

// The home page's title that sign-up saves is the couple's first names as typed ("maria clara &
// juan miguel"): it follows the names rather than repeating them above the names in capitals. The
// first screen painted from the HTML and the app's hero say the same.

vi.mock('@/features/site/rsvp-search/rsvp-name-search', () => ({ RsvpNameSearch: () => null }))

const data = bootData()
beforeAll(() => setUpI18n('fil'))
afterEach(() => {
  cleanup()
  document.body.replaceChildren()
})

const couple = {
  bride: { firstName: 'maria clara', lastName: 'dela cruz' },
  groom: { firstName: 'juan  miguel', lastName: 'santos' },
}

/** The demo site's home page with this title, for a couple who typed their names in lower case. */
function site(title: string | null, signUpNames = couple) {
  const base = demoSite()
  const home = demoSection('home')
  const section: Section = {
    ...home,
    title,
    data: {
      ...home.data,
      header: { ...(home.data as { header?: object }).header, title },
      bride: signUpNames.bride,
      groom: signUpNames.groom,
    },
  }
  return {
    ...base,
    wedding: { ...base.wedding, bride: couple.bride, groom: couple.groom },
    sections: [section, ...base.sections.filter((candidate) => candidate.type !== 'home')],
  }
}

function appEyebrow(title: string | null, signUpNames = couple) {
  const shown = site(title, signUpNames)
  renderAt(<HomeSection section={shown.sections[0]!} site={shown} level={1} />)
  const eyebrow = document.querySelector('.site-hero-card .site-eyebrow')!.textContent
  cleanup()
  return eyebrow
}

function bootEyebrow(title: string | null, signUpNames = couple) {
  const hero = bootHero(site(title, signUpNames), 'fil', true, data)!
  return hero.page!.querySelector('.site-eyebrow')!.textContent
}

describe("the home page's title", () => {
  const renamed = {
    bride: { firstName: 'ma. clara', lastName: 'dela cruz' },
    groom: { firstName: 'juan', lastName: 'santos' },
  }
  const cases: Array<[string, string | null, typeof couple, string]> = [
    ['as sign-up saved it, in lower case', 'maria clara & juan  miguel', couple, 'Ikakasal na'],
    ['in capitals', 'MARIA CLARA & JUAN MIGUEL', couple, 'Ikakasal na'],
    ['capitalised', 'Maria Clara & Juan Miguel', couple, 'Ikakasal na'],
    ['from sign-up, names edited since', 'ma. clara & juan', renamed, 'Ikakasal na'],
    ['empty', null, couple, 'Ikakasal na'],
    ['their own', 'Maligayang pagdating!', couple, 'Maligayang pagdating!'],
  ]
  for (const [what, title, signUp, eyebrow] of cases) {
    test(`${what}: the eyebrow says “${eyebrow}”, on the first screen and in the app`, () => {
      expect(appEyebrow(title, signUp)).toBe(eyebrow)
      expect(bootEyebrow(title, signUp)).toBe(eyebrow)
    })
  }

  test('follows the names in the content editor: shown capitalised, never as typed', () => {
    const shown = site('maria clara & juan miguel')
    expect(homeTitleFollowsNames(shown.sections[0]!, shown.wedding)).toBe(true)
    expect(
      homeTitleFollowsNames(
        { ...shown.sections[0]!, title: 'Maligayang pagdating!', data: {} },
        shown.wedding,
      ),
    ).toBe(false)
    // Only the home page's title follows the names.
    expect(
      homeTitleFollowsNames(
        { ...demoSection('travel'), title: 'maria clara & juan miguel' },
        shown.wedding,
      ),
    ).toBe(false)
  })

  test('the rule: any case and spacing of either set of first names; a blank title too', () => {
    expect(isCoupleTitle('  MARIA   clara &  Juan Miguel ', [couple.bride, couple.groom])).toBe(
      true,
    )
    expect(isCoupleTitle('', [couple.bride, couple.groom])).toBe(true)
    expect(isCoupleTitle('Maria & Juan', [couple.bride, couple.groom])).toBe(false)
    expect(
      isCoupleTitle(
        'Maria & Juan',
        [couple.bride, couple.groom],
        [{ firstName: 'maria' }, { firstName: 'juan' }],
      ),
    ).toBe(true)
  })
})

test('the heading shows the names capitalised', () => {
  const shown = site('maria clara & juan  miguel')
  renderAt(<HomeSection section={shown.sections[0]!} site={shown} level={1} />)
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Maria Clara & Juan Miguel')
})
