// Link previews (0021_link_previews.sql): kasalan.get_link_preview, which the link-preview Edge
// Function calls for a chat app's crawler, shows only what the published site's first screen
// shows (the couple's first names, the date, the place, the theme and the hero photo), for the
// site's address or a household's link alike, never a guest; and nothing, the same nothing, for a
// wedding not published or an address or token that is not there.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

interface Section {
  id: string
  type: string
}

const preview = (
  args: { p_slug?: string | null; p_token?: string | null },
  claims: Claims = null,
) =>
  t.rpc(claims, 'get_link_preview', { p_slug: null, p_token: null, ...args }) as Promise<Record<
    string,
    unknown
  > | null>

const photo = {
  src: 'media:5eed0000-0000-4000-8000-000000000002/hero.jpg',
  width: 1200,
  height: 1500,
  alt: 'Kami sa Taal',
}

/** A wedding with its details, a hero photo and one household of two, published or not. */
async function wedding(published: boolean) {
  const { claims, wedding } = await t.couple('Maria Clara', 'Juan')
  await t.rpc(claims, 'update_wedding_details', {
    p_wedding_id: wedding.id,
    p_details: {
      bride: { firstName: 'Maria Clara', lastName: 'Santos' },
      groom: { firstName: 'Juan', lastName: 'dela Cruz' },
      date: '2027-06-12',
      location: { venue: 'Simbahan ng Taal', city: 'Batangas', country: 'Philippines' },
      hashtag: '#MariaAtJuan',
      contact: {},
      siteLanguage: 'fil',
    },
  })
  const home = (wedding.sections as unknown as Section[]).find(
    (section) => section.type === 'home',
  )!
  const content = (await t.rpc(claims, 'get_section_content', { p_section_id: home.id })) as {
    section: { title: string; data: Record<string, unknown> }
  }
  const data = content.section.data
  await t.rpc(claims, 'save_section_content', {
    p_section_id: home.id,
    p_title: content.section.title,
    p_data: { ...data, header: { ...((data.header as object) ?? {}), image: photo } },
  })
  if (published)
    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
  const household = (await t.rpc(claims, 'save_household', {
    p_wedding_id: wedding.id,
    p_household: {
      persons: [
        { firstName: 'Pacing', lastName: 'Ilagan' },
        { firstName: 'Ben', lastName: 'Ilagan' },
      ],
    },
  })) as { id: string }
  const invitations = (await t.rpc(claims, 'list_invitations', { p_wedding_id: wedding.id })) as {
    households: Array<{ householdId: string; token: string }>
  }
  const token = invitations.households.find((row) => row.householdId === household.id)!.token
  return { claims, wedding, home, household, token }
}

const expected = (slug: string) => ({
  slug,
  bride: { firstName: 'Maria Clara' },
  groom: { firstName: 'Juan' },
  date: '2027-06-12',
  venue: 'Simbahan ng Taal',
  city: 'Batangas',
  siteLanguage: 'fil',
  theme: 'classic',
  heroImage: photo,
})

describe('kasalan.get_link_preview', () => {
  test("a published site's address gives the couple's first names, date, place, language, theme and hero photo, and nothing more", async () => {
    const { wedding: w } = await wedding(true)
    const answer = await preview({ p_slug: w.slug })
    expect(answer).toEqual(expected(w.slug))
    // Not the last names, the contact, the hashtag or anything of the guest list.
    expect(JSON.stringify(answer)).not.toMatch(/Santos|dela Cruz|MariaAtJuan|Pacing|Ilagan/)
  })

  test("a household's link gives its couple's preview, never the household's names", async () => {
    const { wedding: w, token, household } = await wedding(true)
    const answer = await preview({ p_token: token })
    expect(answer).toEqual(expected(w.slug))
    expect(JSON.stringify(answer)).not.toMatch(/Pacing|Ilagan|Ben/)
    expect(JSON.stringify(answer)).not.toContain(household.id)
  })

  test("a crawler reading a household's link does not mark the invitation opened", async () => {
    const { claims, wedding: w, token, household } = await wedding(true)
    await preview({ p_token: token })
    const states = (await t.rpc(claims, 'list_invitations', { p_wedding_id: w.id })) as {
      households: Array<{
        householdId: string
        openedAt?: string | null
        lastOpenedAt?: string | null
      }>
    }
    const row = states.households.find((h) => h.householdId === household.id)!
    expect(row.openedAt ?? null).toBeNull()
    const { rows } = await t.asOwner<{ opened: string | null }>(
      'select invitation_opened_at as opened from kasalan.households where id = $1',
      [household.id],
    )
    expect(rows[0]!.opened).toBeNull()
  })

  test('an unpublished wedding, an unknown address and an unknown token all give null, to the couple too', async () => {
    const { claims, wedding: w, token } = await wedding(false)
    expect(await preview({ p_slug: w.slug })).toBeNull()
    expect(await preview({ p_token: token })).toBeNull()
    expect(await preview({ p_slug: w.slug }, claims)).toBeNull()
    expect(await preview({ p_slug: 'walang-ganitong-kasal' })).toBeNull()
    expect(await preview({ p_token: 'AAAAAAAAAAAAAAAAAAAAAA' })).toBeNull()
    expect(await preview({})).toBeNull()
    expect(await preview({ p_slug: 'x'.repeat(5000), p_token: null })).toBeNull()
  })

  test('once unpublished again, the preview goes', async () => {
    const { claims, wedding: w, token } = await wedding(true)
    expect(await preview({ p_slug: w.slug })).not.toBeNull()
    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: w.id, p_published: false })
    expect(await preview({ p_slug: w.slug })).toBeNull()
    expect(await preview({ p_token: token })).toBeNull()
  })

  test('an earlier address gives the preview under the current one; a renewed link gives nothing', async () => {
    const { claims, wedding: w, household, token } = await wedding(true)
    const moved = `${w.slug}-bago`
    await t.rpc(claims, 'change_wedding_slug', { p_wedding_id: w.id, p_slug: moved })
    expect(await preview({ p_slug: w.slug })).toMatchObject({ slug: moved })
    await t.rpc(claims, 'renew_invitation_code', {
      p_wedding_id: w.id,
      p_household_id: household.id,
    })
    expect(await preview({ p_token: token })).toBeNull()
  })

  test('a hidden home section shows no photo (the theme art instead); a wedding without a place or date says none', async () => {
    const { claims, wedding: w } = await t.couple('Liza', 'Enrique')
    await t.rpc(claims, 'update_wedding_details', {
      p_wedding_id: w.id,
      p_details: {
        bride: { firstName: 'Liza', lastName: 'Soberano' },
        groom: { firstName: 'Enrique', lastName: 'Gil' },
        date: null,
        location: { venue: '', city: '', country: '' },
        hashtag: '',
        contact: {},
        siteLanguage: 'en',
      },
    })
    const mine = (await t.rpc(claims, 'get_my_wedding', { p_wedding_id: w.id })) as {
      sections: Array<{ id: string; type: string; label: string; path: string; visible: boolean }>
      theme: Record<string, unknown>
    }
    await t.rpc(claims, 'save_site_structure', {
      p_wedding_id: w.id,
      p_sections: mine.sections.map(({ id, type, label, path, visible }) => ({
        id,
        type,
        label,
        path,
        visible: type === 'home' ? false : visible,
      })),
      p_theme: { ...mine.theme, name: 'modern' },
    })
    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: w.id, p_published: true })
    const answer = await preview({ p_slug: w.slug })
    expect(answer).toMatchObject({
      bride: { firstName: 'Liza' },
      siteLanguage: 'en',
      theme: 'modern',
      heroImage: null,
    })
    expect(answer?.date ?? null).toBeNull()
  })

  test('a visitor may call it; it is read-only work', async () => {
    const { wedding: w } = await wedding(true)
    const { rows } = await t.asRole<{ answer: Record<string, unknown> | null }>(
      'anon',
      null,
      'select kasalan.get_link_preview($1, null) as answer',
      [w.slug],
    )
    expect(rows[0]!.answer).toMatchObject({ slug: w.slug })
  })
})
