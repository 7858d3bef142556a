// The couple's own website (0007): wedding details, the site's address and its old slugs, and the
// builder's one save of the site's shape and theme.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, DEMO, DEMO_CLAIMS, type TestDb } from './harness'

interface Section {
  id: string
  type: string
  label: string
  title: string
  path: string
  visible: boolean
  data: Record<string, unknown>
  orderIndex: number
}
interface Wedding {
  id: string
  slug: string
  title: string
  bride: { firstName: string; lastName: string }
  groom: { firstName: string; lastName: string }
  date: string | null
  theme: Record<string, unknown>
  contact: Record<string, unknown>
  location: { venue: string; city: string; country: string }
  hashtag: string
  siteLanguage: string
  sections: Section[]
}

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

const denied = { code: '42501' }

const details = (overrides: Record<string, unknown> = {}) => ({
  bride: { firstName: 'maria clara', lastName: 'dela cruz' },
  groom: { firstName: 'Juan', lastName: 'de los Santos' },
  date: '2027-06-12',
  location: { venue: 'Hardin ng Pinagpala', city: 'Tagaytay', country: 'Philippines' },
  hashtag: '#MariaAtJuan',
  contact: {
    names: 'Maria at Juan',
    email: 'mj@example.com',
    phone: '+63 917 000 0000',
    messenger: 'https://m.me/mariaatjuan',
  },
  siteLanguage: 'en',
  ...overrides,
})

const updateDetails = (claims: Claims, weddingId: string, value: unknown) =>
  t.rpc(claims, 'update_wedding_details', {
    p_wedding_id: weddingId,
    p_details: value,
  }) as Promise<Wedding>
const checkSlug = (claims: Claims, slug: string | null) =>
  t.rpc(claims, 'check_wedding_slug', { p_slug: slug }) as Promise<{ status: string }>
const changeSlug = (claims: Claims, weddingId: string, slug: string) =>
  t.rpc(claims, 'change_wedding_slug', {
    p_wedding_id: weddingId,
    p_slug: slug,
  }) as Promise<Wedding>
const getSite = (claims: Claims, slug: string) =>
  t.rpc(claims, 'get_site', { p_slug: slug }) as Promise<Record<string, unknown> | null>
const myWedding = (claims: Claims) => t.rpc(claims, 'get_my_wedding') as Promise<Wedding>
const saveStructure = (
  claims: Claims,
  weddingId: string,
  sections: unknown,
  theme: unknown = { name: 'classic' },
) =>
  t.rpc(claims, 'save_site_structure', {
    p_wedding_id: weddingId,
    p_sections: sections,
    p_theme: theme,
  }) as Promise<Wedding>

/** The builder's view of a section: what it may send. */
const shape = (section: Section) => ({
  id: section.id,
  type: section.type,
  label: section.label,
  path: section.path,
  visible: section.visible,
})

describe('kasalan.update_wedding_details', () => {
  test('the couple changes their names (kept as typed), date, place, hashtag, contact and language', async () => {
    const { claims, wedding } = await t.couple('Liza', 'Enrique')
    const updated = await updateDetails(claims, wedding.id, details())
    expect(updated).toMatchObject({
      title: 'maria clara & Juan',
      bride: { firstName: 'maria clara', lastName: 'dela cruz' },
      groom: { firstName: 'Juan', lastName: 'de los Santos' },
      date: '2027-06-12',
      location: { venue: 'Hardin ng Pinagpala', city: 'Tagaytay', country: 'Philippines' },
      hashtag: '#MariaAtJuan',
      contact: {
        names: 'Maria at Juan',
        email: 'mj@example.com',
        phone: '+63 917 000 0000',
        messenger: 'https://m.me/mariaatjuan',
      },
      siteLanguage: 'en',
    })
    expect(await myWedding(claims)).toMatchObject({
      date: '2027-06-12',
      siteLanguage: 'en',
      hashtag: '#MariaAtJuan',
    })

    // The public site carries them too, once published.
    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
    const site = (await getSite(null, wedding.slug)) as { wedding: Record<string, unknown> }
    expect(site.wedding).toMatchObject({
      location: { venue: 'Hardin ng Pinagpala', city: 'Tagaytay' },
      hashtag: '#MariaAtJuan',
      siteLanguage: 'en',
      contact: { messenger: 'https://m.me/mariaatjuan' },
    })
  })

  test('"still deciding" clears the date; blank contact fields are dropped', async () => {
    const { claims, wedding } = await t.couple()
    const updated = await updateDetails(
      claims,
      wedding.id,
      details({ date: null, contact: { names: '  ', email: '', phone: null } }),
    )
    expect(updated.date).toBeNull()
    expect(updated.contact).toEqual({})
  })

  test.each([
    ['a blank first name', { bride: { firstName: '  ', lastName: 'Cruz' } }],
    ['a missing last name', { groom: { firstName: 'Juan' } }],
    ['a name over 100 characters', { groom: { firstName: 'J'.repeat(101), lastName: 'Cruz' } }],
    ['a date that is no day', { date: '2027-02-30' }],
    ['a date in another format', { date: '12/06/2027' }],
    ['a bad e-mail', { contact: { email: 'not an email' } }],
    ['a Messenger link elsewhere', { contact: { messenger: 'https://evil.example/m.me' } }],
    ['a Messenger link over http', { contact: { messenger: 'http://m.me/x' } }],
    ['a venue over 200 characters', { location: { venue: 'v'.repeat(201) } }],
    ['an unknown language', { siteLanguage: 'es' }],
    ['a hashtag that is not text', { hashtag: 42 }],
  ])('%s is refused with invalid_input and nothing changes', async (_name, overrides) => {
    const { claims, wedding } = await t.couple()
    await expect(updateDetails(claims, wedding.id, details(overrides))).rejects.toMatchObject({
      message: 'invalid_input',
    })
    expect(await myWedding(claims)).toMatchObject({
      date: '2027-02-14',
      bride: { firstName: 'Maria' },
    })
  })

  test('another couple and a visitor are refused', async () => {
    const a = await t.couple()
    const b = await t.couple()
    await expect(updateDetails(b.claims, a.wedding.id, details())).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    await expect(updateDetails(null, a.wedding.id, details())).rejects.toMatchObject(denied)
    expect(await myWedding(a.claims)).toMatchObject({ bride: { firstName: 'Maria' } })
  })
})

describe('the site address: check_wedding_slug and change_wedding_slug', () => {
  test('available, taken and not allowed, and nothing more', async () => {
    const a = await t.couple('Rosa', 'Pedro')
    const b = await t.couple('Nena', 'Tomas')

    expect(await checkSlug(b.claims, 'nena-at-tomas-2027')).toEqual({ status: 'available' })
    expect(await checkSlug(b.claims, a.wedding.slug)).toEqual({ status: 'taken' })
    expect(await checkSlug(b.claims, DEMO.slug)).toEqual({ status: 'taken' })
    // Their own current slug is theirs to keep.
    expect(await checkSlug(b.claims, b.wedding.slug)).toEqual({ status: 'available' })
    for (const slug of [
      'manage',
      'auth',
      'rsvp',
      'api',
      'www',
      'admin',
      'Nena',
      'nena_tomas',
      '-nena',
      'nena--tomas',
      'ab',
      'x'.repeat(64),
      '',
    ]) {
      expect(await checkSlug(b.claims, slug), slug).toEqual({ status: 'not_allowed' })
    }
  })

  test('a visitor may not check slugs', async () => {
    await expect(checkSlug(null, 'anything')).rejects.toMatchObject(denied)
  })

  test('changing the slug moves the site; the old slug redirects, for visitors only once published', async () => {
    const { claims, wedding } = await t.couple('Joy', 'Mark')
    const moved = await changeSlug(claims, wedding.id, 'joy-at-mark')
    expect(moved.slug).toBe('joy-at-mark')

    // Unpublished: the owner is redirected, a visitor learns nothing.
    expect(await getSite(claims, wedding.slug)).toEqual({ redirectTo: 'joy-at-mark' })
    expect(await getSite(null, wedding.slug)).toBeNull()
    expect(await getSite(null, 'joy-at-mark')).toBeNull()

    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
    expect(await getSite(null, wedding.slug)).toEqual({ redirectTo: 'joy-at-mark' })
    expect(await getSite(null, 'joy-at-mark')).toMatchObject({
      slug: 'joy-at-mark',
      isCouple: false,
    })

    // A second move: both earlier slugs lead to the newest.
    await changeSlug(claims, wedding.id, 'joy-and-mark-2027')
    expect(await getSite(null, wedding.slug)).toEqual({ redirectTo: 'joy-and-mark-2027' })
    expect(await getSite(null, 'joy-at-mark')).toEqual({ redirectTo: 'joy-and-mark-2027' })

    // Taking an earlier slug back makes it the site again, and the other one redirects.
    await changeSlug(claims, wedding.id, wedding.slug)
    expect(await getSite(null, wedding.slug)).toMatchObject({ slug: wedding.slug })
    expect(await getSite(null, 'joy-and-mark-2027')).toEqual({ redirectTo: wedding.slug })
  })

  test('an old slug stays its couple’s: nobody else may take it, and new couples skip it', async () => {
    const a = await t.couple('Lani', 'Rico')
    const b = await t.couple('Tess', 'Gabe')
    await changeSlug(a.claims, a.wedding.id, 'lani-at-rico')

    expect(await checkSlug(b.claims, a.wedding.slug)).toEqual({ status: 'taken' })
    await expect(changeSlug(b.claims, b.wedding.id, a.wedding.slug)).rejects.toMatchObject({
      message: 'slug_taken',
    })
    await expect(changeSlug(b.claims, b.wedding.id, 'lani-at-rico')).rejects.toMatchObject({
      message: 'slug_taken',
    })

    // A new "Lani & Rico" gets a slug that is neither the current nor the old one.
    const c = await t.couple('Lani', 'Rico')
    expect(c.wedding.slug).not.toBe(a.wedding.slug)
    expect(c.wedding.slug).not.toBe('lani-at-rico')
  })

  test('not allowed slugs are refused with slug_not_allowed; another couple and a visitor are refused', async () => {
    const a = await t.couple()
    const b = await t.couple()
    for (const slug of ['admin', 'www', 'Has-Caps', 'with space', 'a']) {
      await expect(changeSlug(a.claims, a.wedding.id, slug), slug).rejects.toMatchObject({
        message: 'slug_not_allowed',
      })
    }
    await expect(changeSlug(b.claims, a.wedding.id, 'stolen-site')).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    await expect(changeSlug(null, a.wedding.id, 'stolen-site')).rejects.toMatchObject(denied)
    expect((await myWedding(a.claims)).slug).toBe(a.wedding.slug)
  })

  test('old slugs cannot be read or written directly by another couple or a visitor', async () => {
    const a = await t.couple()
    const b = await t.couple()
    await changeSlug(a.claims, a.wedding.id, `moved-${a.wedding.slug}`)
    const asB = await t.asRole('authenticated', b.claims, 'select * from kasalan.wedding_old_slugs')
    expect(asB.rows).toEqual([])
    await expect(
      t.asRole(
        'authenticated',
        b.claims,
        'insert into kasalan.wedding_old_slugs (slug, wedding_id) values ($1, $2)',
        ['hijack', a.wedding.id],
      ),
    ).rejects.toThrow()
    await expect(
      t.asRole('anon', null, 'select * from kasalan.wedding_old_slugs'),
    ).rejects.toMatchObject(denied)
  })
})

describe('kasalan.save_site_structure', () => {
  test('reorders, hides, renames, adds a custom page and sets the theme, in one call', async () => {
    const { claims } = await t.couple()
    const before = await myWedding(claims)
    const [home, ourStory, schedule, ...rest] = before.sections.map(shape) as [
      ReturnType<typeof shape>,
      ReturnType<typeof shape>,
      ReturnType<typeof shape>,
      ...ReturnType<typeof shape>[],
    ]
    const sections = [
      home,
      { ...schedule, visible: false },
      { ...ourStory, visible: true, label: 'Kuwento namin' },
      { type: 'custom', label: 'Paalala', path: 'paalala', visible: true },
      ...rest,
    ]
    const theme = {
      name: 'modern',
      fonts: { names: 'Great Vibes' },
      colors: { background: '#FFFFFF' },
    }
    const saved = await saveStructure(claims, before.id, sections, theme)

    expect(saved.theme).toEqual({
      name: 'modern',
      fonts: { names: 'Great Vibes' },
      colors: { background: '#ffffff' },
    })
    expect(saved.sections.map((s) => [s.path, s.visible, s.orderIndex])).toEqual(
      sections.map((s, index) => [s.path, s.visible, index]),
    )
    const custom = saved.sections.find((s) => s.type === 'custom')
    expect(custom).toMatchObject({ label: 'Paalala', title: 'Paalala', data: {} })
    expect(saved.sections.find((s) => s.id === ourStory.id)).toMatchObject({
      label: 'Kuwento namin',
      title: 'Ang Aming Kuwento',
    })
  })

  test('never touches a section’s data or title, even when sent', async () => {
    const { claims } = await t.couple()
    const before = await myWedding(claims)
    const home = before.sections.find((s) => s.type === 'home')!
    const sections = before.sections.map((s) => ({
      ...shape(s),
      data: { hacked: true },
      title: 'Changed',
    }))
    const saved = await saveStructure(claims, before.id, sections)
    expect(saved.sections.find((s) => s.id === home.id)).toMatchObject({
      data: home.data,
      title: home.title,
    })
  })

  test('a custom page left out is removed; a built-in section may not be left out', async () => {
    const { claims } = await t.couple()
    const before = await myWedding(claims)
    const withPage = await saveStructure(claims, before.id, [
      ...before.sections.map(shape),
      { type: 'custom', label: 'Paalala', path: 'paalala', visible: true },
    ])
    expect(withPage.sections).toHaveLength(before.sections.length + 1)

    const without = await saveStructure(claims, before.id, before.sections.map(shape))
    expect(without.sections.map((s) => s.id)).toEqual(before.sections.map((s) => s.id))

    await expect(
      saveStructure(claims, before.id, before.sections.slice(1).map(shape)),
    ).rejects.toMatchObject({
      message: 'invalid_input',
    })
  })

  test('is atomic: a bad theme or a bad section saves nothing', async () => {
    const { claims } = await t.couple()
    const before = await myWedding(claims)
    const reordered = [...before.sections].reverse().map(shape)

    await expect(
      saveStructure(claims, before.id, reordered, { name: 'gothic' }),
    ).rejects.toMatchObject({ message: 'invalid_input' })
    await expect(
      saveStructure(claims, before.id, [
        ...reordered,
        { type: 'custom', label: 'X', path: 'Bad Path', visible: true },
      ]),
    ).rejects.toMatchObject({ message: 'invalid_input' })
    expect((await myWedding(claims)).sections.map((s) => s.id)).toEqual(
      before.sections.map((s) => s.id),
    )
    expect((await myWedding(claims)).theme).toEqual({ name: 'classic' })
  })

  test.each([
    ['an unknown theme', { name: 'gothic' }],
    ['a colour that is not hex', { name: 'classic', colors: { text: 'red; background: url(x)' } }],
    ['an unknown colour role', { name: 'classic', colors: { border: '#000000' } }],
    ['a font the site does not ship', { name: 'classic', fonts: { body: 'Comic Sans MS' } }],
    ['an unknown font role', { name: 'classic', fonts: { footer: 'Lato' } }],
    ['an unknown theme field', { name: 'classic', css: 'body{}' }],
    ['another page style', { name: 'classic', pageStyle: 'multi-page' }],
    ['no theme at all', null],
  ])('theme validation: %s is refused', async (_name, theme) => {
    const { claims } = await t.couple()
    const before = await myWedding(claims)
    await expect(
      saveStructure(claims, before.id, before.sections.map(shape), theme),
    ).rejects.toMatchObject({
      message: 'invalid_input',
    })
  })

  test.each([
    ['a second home section', { type: 'home', label: 'Home 2', path: 'home-2', visible: true }],
    ['a page without a label', { type: 'custom', label: ' ', path: 'blank', visible: true }],
    [
      'two sections with one path',
      { type: 'custom', label: 'Dup', path: 'schedule', visible: true },
    ],
    ['a page without visible', { type: 'custom', label: 'X', path: 'x' }],
  ])('section validation: %s is refused', async (_name, extra) => {
    const { claims } = await t.couple()
    const before = await myWedding(claims)
    await expect(
      saveStructure(claims, before.id, [...before.sections.map(shape), extra]),
    ).rejects.toMatchObject({
      message: 'invalid_input',
    })
  })

  test('a section may not change its type', async () => {
    const { claims } = await t.couple()
    const before = await myWedding(claims)
    const sections = before.sections.map((s) =>
      s.type === 'gallery' ? { ...shape(s), type: 'custom' } : shape(s),
    )
    await expect(saveStructure(claims, before.id, sections)).rejects.toMatchObject({
      message: 'invalid_input',
    })
  })

  test('another couple and a visitor are refused, and another wedding’s section ids cannot be taken', async () => {
    const a = await t.couple()
    const b = await t.couple()
    const aWedding = await myWedding(a.claims)
    await expect(
      saveStructure(b.claims, aWedding.id, aWedding.sections.map(shape)),
    ).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    await expect(
      saveStructure(null, aWedding.id, aWedding.sections.map(shape)),
    ).rejects.toMatchObject(denied)

    const bWedding = await myWedding(b.claims)
    const stolen = {
      ...shape(aWedding.sections[0]!),
      type: 'custom',
      path: 'stolen',
      label: 'Stolen',
    }
    await expect(
      saveStructure(b.claims, bWedding.id, [...bWedding.sections.map(shape), stolen]),
    ).rejects.toMatchObject({ message: 'invalid_input' })
    expect((await myWedding(a.claims)).sections[0]).toMatchObject({ type: 'home' })
  })

  test('the demo couple’s site keeps working after a save', async () => {
    const before = await myWedding(DEMO_CLAIMS)
    await saveStructure(DEMO_CLAIMS, DEMO.weddingId, before.sections.map(shape), {
      name: 'elegant',
    })
    expect(await getSite(null, DEMO.slug)).toMatchObject({
      wedding: { theme: { name: 'elegant' } },
    })
    await saveStructure(DEMO_CLAIMS, DEMO.weddingId, before.sections.map(shape), before.theme)
  })
})

describe('privileges of the 0007 functions', () => {
  test('the writers and slug_status are security definer, the helpers private; none is callable by anon; all set search_path', async () => {
    const { rows } = await t.asOwner<{
      name: string
      schema: string
      definer: boolean
      anon: boolean
      config: string[]
    }>(`
      select p.proname as name, p.pronamespace::regnamespace::text as schema, p.prosecdef as definer,
             has_function_privilege('anon', p.oid, 'execute') as anon,
             p.proconfig as config
      from pg_proc p
      where p.pronamespace in ('kasalan'::regnamespace, 'kasalan_private'::regnamespace)
        and p.proname in ('is_reserved_slug', 'slug_status', 'checked_theme', 'update_wedding_details',
                          'check_wedding_slug', 'change_wedding_slug', 'save_site_structure')
      order by p.proname`)
    // One form each: check_wedding_slug's wedding is optional (null: a new wedding).
    expect(rows).toHaveLength(7)
    for (const row of rows) {
      // Writes go through security definer functions since 0026; helpers are out of the API since 0030.
      expect(row, row.name).toMatchObject({
        schema: ['is_reserved_slug', 'slug_status', 'checked_theme'].includes(row.name)
          ? 'kasalan_private'
          : 'kasalan',
        definer: !['is_reserved_slug', 'checked_theme', 'check_wedding_slug'].includes(row.name),
        anon: false,
        config: ['search_path=""'],
      })
    }
  })
})
