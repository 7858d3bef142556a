// Function privileges, and the wedding, website and public-site functions.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, DEMO, DEMO_CLAIMS, readDemoContent, type TestDb } from './harness'

interface Section {
  id: string
  weddingId: string
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
  userId: string
  slug: string
  title: string
  bride: { firstName: string; lastName: string }
  groom: { firstName: string; lastName: string }
  date: string | null
  isPublished: boolean
  sections: Section[]
}
interface Site {
  slug: string
  title: string
  isPublished: boolean
  isOwner: boolean
  wedding: Record<string, unknown>
  sections: Section[]
}

/** The functions 0001_kasalan_core creates; later migrations add their own. */
const CORE_FUNCTIONS = [
  'can_manage',
  'check_household_has_adult',
  'create_my_wedding',
  'delete_household',
  'get_my_wedding',
  'get_site',
  'household_json',
  'json_text',
  'json_uuid',
  'list_guests',
  'protect_row_identity',
  'save_household',
  'save_sections',
  'section_json',
  'unique_wedding_slug',
  'wedding_json',
]
/** DESIGN.md's deliberate public calls: the only functions anon may execute. */
const PUBLIC_CALLS = [
  'get_site',
  'search_guests',
  'get_rsvp',
  'submit_rsvp',
  'get_media_object',
  'media_readable',
  'open_invitation',
  'open_invitation_code',
]

interface FunctionInfo {
  name: string
  anon: boolean
  authenticated: boolean
  public: boolean
  trigger: boolean
  definer: boolean
  config: string[] | null
}

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

const denied = { code: '42501' }

describe('function privileges', () => {
  let functions: FunctionInfo[]

  beforeAll(async () => {
    const { rows } = await t.asOwner<FunctionInfo>(
      `select p.proname as name,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                      where a.grantee = 0 and a.privilege_type = 'EXECUTE') as public,
              p.prorettype = 'trigger'::regtype as trigger,
              p.prosecdef as definer,
              p.proconfig as config
       from pg_proc p
       where p.pronamespace = 'kasalan'::regnamespace
       order by p.proname`,
    )
    functions = rows
  })

  test('the core functions exist', () => {
    expect(functions.map((f) => f.name)).toEqual(expect.arrayContaining(CORE_FUNCTIONS))
  })

  test('anon may execute get_site and the other deliberate public calls, nothing else; public nothing', () => {
    expect(functions.find((f) => f.name === 'get_site')).toMatchObject({ anon: true, authenticated: true })
    for (const f of functions) {
      expect({ name: f.name, anon: f.anon, public: f.public }).toEqual({
        name: f.name,
        anon: PUBLIC_CALLS.includes(f.name),
        public: false,
      })
    }
  })

  test('authenticated may execute the core functions; nobody the trigger functions', () => {
    for (const f of functions.filter((f) => CORE_FUNCTIONS.includes(f.name))) {
      expect({ name: f.name, authenticated: f.authenticated }).toEqual({ name: f.name, authenticated: !f.trigger })
    }
    for (const f of functions.filter((f) => f.trigger)) {
      expect({ name: f.name, anon: f.anon, authenticated: f.authenticated }).toEqual({
        name: f.name,
        anon: false,
        authenticated: false,
      })
    }
  })

  test("every function, security definer or not, sets search_path = ''", () => {
    for (const f of functions) expect({ name: f.name, config: f.config }).toEqual({ name: f.name, config: ['search_path=""'] })
  })

  test('of the core functions, only the permission helpers, get_site and the household writers are security definer', () => {
    // Households and persons are written only through functions since 0009 (direct writes revoked).
    expect(functions.filter((f) => f.definer && CORE_FUNCTIONS.includes(f.name)).map((f) => f.name)).toEqual([
      'can_manage',
      'check_household_has_adult',
      'delete_household',
      'get_site',
      'save_household',
      'unique_wedding_slug',
    ])
  })

  test('anon is refused every management function', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['can_manage', { p_wedding_id: DEMO.weddingId }],
      ['create_my_wedding', { p_bride: { firstName: 'A', lastName: 'B' }, p_groom: { firstName: 'C', lastName: 'D' } }],
      ['get_my_wedding', {}],
      ['list_guests', { p_wedding_id: DEMO.weddingId }],
      ['save_household', { p_wedding_id: DEMO.weddingId, p_household: { persons: [{ firstName: 'X' }] } }],
      ['delete_household', { p_guest_id: DEMO.weddingId }],
      ['save_sections', { p_wedding_id: DEMO.weddingId, p_sections: [] }],
      ['unique_wedding_slug', { p_bride_first_name: 'A', p_groom_first_name: 'B' }],
      ['json_text', { p_object: {}, p_key: 'x', p_max_length: 1 }],
      ['json_uuid', { p_object: {}, p_key: 'x' }],
    ]
    for (const [name, args] of calls) {
      await expect(t.rpc(null, name, args), name).rejects.toMatchObject(denied)
    }
    for (const sql of [
      'select kasalan.wedding_json(w) from kasalan.weddings w',
      'select kasalan.section_json(s) from kasalan.sections s',
      'select kasalan.household_json(g) from kasalan.guests g',
    ]) {
      await expect(t.asRole('anon', null, sql)).rejects.toMatchObject(denied)
    }
  })

  test('nobody calls the trigger functions directly', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(t.asRole(role, DEMO_CLAIMS, 'select kasalan.protect_row_identity()')).rejects.toMatchObject(denied)
      await expect(t.asRole(role, DEMO_CLAIMS, 'select kasalan.check_household_has_adult()')).rejects.toMatchObject(denied)
    }
  })
})

describe('JSON helpers', () => {
  test('json_text trims, turns blank into null and refuses non-text or too long', async () => {
    const claims = await t.signUp()
    const text = (value: unknown, max = 10) =>
      t.rpc(claims, 'json_text', { p_object: { v: value }, p_key: 'v', p_max_length: max })
    expect(await text('  Ana  ')).toBe('Ana')
    expect(await text('   ')).toBeNull()
    expect(await text(null)).toBeNull()
    expect(await t.rpc(claims, 'json_text', { p_object: {}, p_key: 'v', p_max_length: 10 })).toBeNull()
    await expect(text(42)).rejects.toMatchObject({ message: 'invalid_input', details: 'v must be text' })
    await expect(text('x'.repeat(11))).rejects.toMatchObject({ message: 'invalid_input' })
  })

  test('json_uuid accepts a UUID or nothing', async () => {
    const claims = await t.signUp()
    const id = (value: unknown) => t.rpc(claims, 'json_uuid', { p_object: { id: value }, p_key: 'id' })
    expect(await id(DEMO.weddingId)).toBe(DEMO.weddingId)
    expect(await id(null)).toBeNull()
    await expect(id('5eed')).rejects.toMatchObject({ message: 'invalid_input' })
    await expect(id(7)).rejects.toMatchObject({ message: 'invalid_input' })
  })

  test('the shape helpers see only what row-level security lets the caller see', async () => {
    const stranger = await t.signUp()
    const own = await t.asRole<{ json: { id: string; sections: unknown[] } }>(
      'authenticated',
      DEMO_CLAIMS,
      'select kasalan.wedding_json(w) as json from kasalan.weddings w',
    )
    expect(own.rows.map((r) => r.json.id)).toEqual([DEMO.weddingId])
    expect(own.rows[0]!.json.sections.length).toBe(10)

    // Handed the demo wedding's row from outside, a stranger still gets none of its sections or persons.
    const { rows } = await t.asOwner<{ wedding: string; guest: string }>(
      `select (select w::text from kasalan.weddings w where w.id = $1) as wedding,
              (select g::text from kasalan.guests g where g.wedding_id = $1 limit 1) as guest`,
      [DEMO.weddingId],
    )
    const leaked = await t.asRole<{ wedding: { sections: unknown[] }; household: { persons: unknown[] } }>(
      'authenticated',
      stranger,
      'select kasalan.wedding_json($1::kasalan.weddings) as wedding, kasalan.household_json($2::kasalan.guests) as household',
      [rows[0]!.wedding, rows[0]!.guest],
    )
    expect(leaked.rows[0]!.wedding.sections).toEqual([])
    expect(leaked.rows[0]!.household.persons).toEqual([])
  })
})

describe('can_manage', () => {
  test('is true for the owner only', async () => {
    const stranger = await t.signUp()
    expect(await t.rpc(DEMO_CLAIMS, 'can_manage', { p_wedding_id: DEMO.weddingId })).toBe(true)
    expect(await t.rpc(stranger, 'can_manage', { p_wedding_id: DEMO.weddingId })).toBe(false)
    expect(await t.rpc(DEMO_CLAIMS, 'can_manage', { p_wedding_id: '00000000-0000-4000-8000-000000000000' })).toBe(false)
  })
})

describe('create_my_wedding', () => {
  test('creates the wedding with a readable slug, the title and the spec’s default sections', async () => {
    const claims = await t.signUp()
    const wedding = (await t.rpc(claims, 'create_my_wedding', {
      p_bride: { firstName: '  Ma. Lourdes ', lastName: ' de la Peña ' },
      p_groom: { firstName: 'José', lastName: 'Ñguyen' },
      p_date: '2027-05-01',
    })) as Wedding
    expect(wedding).toMatchObject({
      userId: claims.sub,
      slug: 'ma-lourdes-and-jose',
      title: 'Ma. Lourdes & José',
      bride: { firstName: 'Ma. Lourdes', lastName: 'de la Peña' },
      groom: { firstName: 'José', lastName: 'Ñguyen' },
      date: '2027-05-01',
      theme: { name: 'classic' },
      isPublished: false,
      rsvpDeadline: null,
      rsvpQuestions: [],
      contact: {},
    })
    expect(wedding.sections.map((s) => [s.type, s.path, s.visible, s.title, s.label, s.orderIndex])).toEqual([
      ['home', 'home', true, 'Ma. Lourdes & José', 'Home', 0],
      ['our-story', 'our-story', false, 'Ang Aming Kuwento', 'Our Story', 1],
      ['schedule', 'schedule', true, 'Pagtitipon', 'Schedule', 2],
      ['travel', 'travel', true, 'Tuluyan', 'Travel', 3],
      ['wedding-party', 'wedding-party', true, 'Gabay', 'Wedding Party', 4],
      ['gallery', 'gallery', false, 'Larawan', 'Gallery', 5],
      ['things-to-do', 'things-to-do', true, 'Pasyalan at Kainan', 'Things to Do', 6],
      ['registry', 'registry', true, 'Handog', 'Registry', 7],
      ['faqs', 'faqs', true, 'Katanungan', 'FAQs', 8],
      ['rsvp', 'rsvp', true, 'RSVP', 'RSVP', 9],
    ])
    expect(wedding.sections.every((s) => s.weddingId === wedding.id)).toBe(true)
    expect(wedding.sections[0]!.data).toMatchObject({
      bride: wedding.bride,
      groom: wedding.groom,
      wedding: { date: '2027-05-01' },
    })
  })

  test('a second call returns the same wedding unchanged', async () => {
    const { claims, wedding } = await t.couple('Tala', 'Dakila')
    const again = await t.rpc(claims, 'create_my_wedding', {
      p_bride: { firstName: 'Someone', lastName: 'Else' },
      p_groom: { firstName: 'Entirely', lastName: 'Different' },
      p_date: null,
    })
    expect(again).toEqual(wedding)
    const { rows } = await t.asOwner('select count(*)::int as n from kasalan.weddings where user_id = $1', [claims.sub])
    expect(rows[0]).toEqual({ n: 1 })
  })

  test('couples with the same names get different slugs', async () => {
    const first = await t.couple('Ligaya', 'Bayani')
    const second = await t.couple('Ligaya', 'Bayani')
    const third = await t.couple('LIGAYA', 'Bayaní')
    expect([first.wedding.slug, second.wedding.slug, third.wedding.slug]).toEqual([
      'ligaya-and-bayani',
      'ligaya-and-bayani-2',
      'ligaya-and-bayani-3',
    ])
  })

  test('a date is optional ("still deciding")', async () => {
    const claims = await t.signUp()
    const wedding = (await t.rpc(claims, 'create_my_wedding', {
      p_bride: { firstName: 'Amihan', lastName: 'Luna' },
      p_groom: { firstName: 'Habagat', lastName: 'Sol' },
      p_date: null,
    })) as Wedding
    expect(wedding.date).toBeNull()
  })

  test('names that are not letters still give a valid slug', async () => {
    const claims = await t.signUp()
    const wedding = (await t.rpc(claims, 'create_my_wedding', {
      p_bride: { firstName: '李', lastName: '王' },
      p_groom: { firstName: '!!!', lastName: '???' },
      p_date: null,
    })) as Wedding
    expect(wedding.slug).toMatch(/^kasal(-\d+)?$/)
  })

  test('missing or malformed names are invalid_input, and nothing is created', async () => {
    const claims = await t.signUp()
    for (const [bride, groom] of [
      [{ firstName: ' ', lastName: 'Cruz' }, { firstName: 'Juan', lastName: 'Cruz' }],
      [{ firstName: 'Maria' }, { firstName: 'Juan', lastName: 'Cruz' }],
      [['Maria'], { firstName: 'Juan', lastName: 'Cruz' }],
      [{ firstName: 'Maria', lastName: 'Cruz' }, { firstName: 42, lastName: 'Cruz' }],
      [{ firstName: 'M'.repeat(101), lastName: 'Cruz' }, { firstName: 'Juan', lastName: 'Cruz' }],
    ]) {
      await expect(t.rpc(claims, 'create_my_wedding', { p_bride: bride, p_groom: groom, p_date: null })).rejects.toMatchObject({
        message: 'invalid_input',
        code: 'P0001',
      })
    }
    expect(await t.rpc(claims, 'get_my_wedding')).toBeNull()
  })

  test('a request without a user id is not_authenticated', async () => {
    await expect(
      t.asRole(
        'authenticated',
        null,
        `select kasalan.create_my_wedding('{"firstName": "A", "lastName": "B"}', '{"firstName": "C", "lastName": "D"}', null)`,
      ),
    ).rejects.toMatchObject({ message: 'not_authenticated' })
  })
})

describe('unique_wedding_slug', () => {
  test('returns a slug nobody has', async () => {
    const claims = await t.signUp()
    expect(await t.rpc(claims, 'unique_wedding_slug', { p_bride_first_name: 'Isabel', p_groom_first_name: 'Miguel' })).toBe(
      'isabel-and-miguel-2',
    )
    expect(await t.rpc(claims, 'unique_wedding_slug', { p_bride_first_name: 'Ñora', p_groom_first_name: 'Émile' })).toBe(
      'nora-and-emile',
    )
  })
})

describe('get_my_wedding', () => {
  test('returns the caller’s wedding with sections in order', async () => {
    const wedding = (await t.rpc(DEMO_CLAIMS, 'get_my_wedding')) as Wedding
    expect(wedding.id).toBe(DEMO.weddingId)
    expect(wedding.sections.map((s) => s.orderIndex)).toEqual([...wedding.sections.keys()])
    expect(wedding.sections.some((s) => !s.visible)).toBe(true)
  })

  test('is null for a user without a wedding, and never another couple’s', async () => {
    const claims = await t.signUp()
    expect(await t.rpc(claims, 'get_my_wedding')).toBeNull()
  })
})

describe('save_sections', () => {
  let claims: NonNullable<Claims>
  let wedding: Wedding

  beforeAll(async () => {
    const couple = await t.couple('Sinag', 'Bituin')
    claims = couple.claims
    wedding = couple.wedding as unknown as Wedding
  })

  const save = (sections: unknown, who: Claims = claims, weddingId = wedding.id) =>
    t.rpc(who, 'save_sections', { p_wedding_id: weddingId, p_sections: sections }) as Promise<Section[]>

  test('reorders by list position, updates fields and adds new sections', async () => {
    const reversed = [...wedding.sections].reverse()
    reversed[0] = { ...reversed[0]!, title: 'Tugon', visible: false, data: { header: { title: 'Tugon' } } }
    const saved = await save([
      ...reversed,
      { type: 'custom', label: 'Dress Code', title: 'Gayak', path: 'gayak', visible: true, data: { body: 'Filipiniana' } },
    ])
    expect(saved).toHaveLength(11)
    expect(saved.map((s) => s.orderIndex)).toEqual([...Array(11).keys()])
    expect(saved.map((s) => s.type).slice(0, 10)).toEqual(reversed.map((s) => s.type))
    expect(saved[0]).toMatchObject({ id: reversed[0]!.id, title: 'Tugon', visible: false, data: { header: { title: 'Tugon' } } })
    expect(saved[10]).toMatchObject({ id: expect.any(String), weddingId: wedding.id, type: 'custom', path: 'gayak' })
    wedding.sections = saved
  })

  test('keeps sections that are left out', async () => {
    const [first, second] = wedding.sections
    const saved = await save([second, first])
    expect(saved).toHaveLength(11)
    expect(saved.slice(0, 2).map((s) => s.id)).toEqual([second!.id, first!.id])
    wedding.sections = saved
  })

  test('two sections may swap paths in one save', async () => {
    const custom = wedding.sections.find((s) => s.path === 'gayak')!
    const story = wedding.sections.find((s) => s.type === 'our-story')!
    const saved = await save([
      { ...custom, path: 'our-story' },
      { ...story, path: 'gayak' },
    ])
    expect(saved.find((s) => s.id === custom.id)?.path).toBe('our-story')
    expect(saved.find((s) => s.id === story.id)?.path).toBe('gayak')
    wedding.sections = saved
  })

  test('a client-made id is kept for a new section', async () => {
    const id = '0f0e0d0c-0b0a-4900-8800-770066005500'
    const saved = await save([{ id, type: 'about', path: 'about' }])
    expect(saved.find((s) => s.id === id)).toMatchObject({ type: 'about', path: 'about', label: '', visible: true, data: {} })
  })

  test('refuses malformed lists with invalid_input and changes nothing', async () => {
    const before = await t.rpc(claims, 'get_my_wedding')
    const home = wedding.sections.find((s) => s.type === 'home')!
    for (const sections of [
      { not: 'a list' },
      [{ ...home, type: 'blog' }],
      [{ ...home, path: 'Not A Path' }],
      [{ ...home, data: [] }],
      [{ ...home, visible: 'yes' }],
      [{ ...home, label: 'x'.repeat(101) }],
      [{ ...home, id: 'not-a-uuid' }],
      [home, { ...home }],
    ]) {
      await expect(save(sections), JSON.stringify(sections).slice(0, 80)).rejects.toMatchObject({ message: 'invalid_input' })
    }
    expect(await t.rpc(claims, 'get_my_wedding')).toEqual(before)
  })

  test("refuses a path another of the wedding's sections keeps with section_path_taken (0011)", async () => {
    const before = await t.rpc(claims, 'get_my_wedding')
    const home = wedding.sections.find((s) => s.type === 'home')!
    for (const sections of [[{ ...home, path: 'rsvp' }], [{ type: 'custom', path: 'schedule' }]]) {
      await expect(save(sections)).rejects.toMatchObject({ message: 'section_path_taken', code: 'P0001' })
    }
    expect(await t.rpc(claims, 'get_my_wedding')).toEqual(before)
  })

  test("another couple's section id cannot be taken over", async () => {
    const demoSection = ((await t.rpc(DEMO_CLAIMS, 'get_my_wedding')) as Wedding).sections[0]!
    await expect(save([{ ...demoSection, path: 'taken-over' }])).rejects.toMatchObject({ message: 'invalid_input' })
    const site = (await t.rpc(null, 'get_site', { p_slug: DEMO.slug })) as Site
    expect(site.sections[0]).toEqual(demoSection)
  })

  test("is wedding_not_found for another couple's wedding", async () => {
    const stranger = await t.signUp()
    await expect(save([], stranger)).rejects.toMatchObject({ message: 'wedding_not_found' })
    await expect(save([], claims, DEMO.weddingId)).rejects.toMatchObject({ message: 'wedding_not_found' })
  })
})

describe('get_site', () => {
  test('anon finds the published demo, with visible sections only', async () => {
    const site = (await t.rpc(null, 'get_site', { p_slug: DEMO.slug })) as Site
    expect(site).toMatchObject({ slug: DEMO.slug, title: 'Isabel & Miguel', isPublished: true, isOwner: false })
    expect(Object.keys(site.wedding).sort()).toEqual(
      // 0007 adds the wedding's public details: location, hashtag, site language.
      ['bride', 'contact', 'date', 'groom', 'hashtag', 'id', 'location', 'rsvpDeadline', 'siteLanguage', 'slug', 'theme', 'title'].sort(),
    )
    expect(site.sections.length).toBeGreaterThan(0)
    expect(site.sections.every((s) => s.visible)).toBe(true)
    expect(site.sections.map((s) => s.type)).not.toContain('our-story')
    expect(site.sections.map((s) => s.type)).not.toContain('gallery')
    expect(site.sections.map((s) => s.orderIndex)).toEqual([...site.sections.map((s) => s.orderIndex)].sort((a, b) => a - b))
  })

  test('the owner gets every section and isOwner', async () => {
    const site = (await t.rpc(DEMO_CLAIMS, 'get_site', { p_slug: DEMO.slug })) as Site
    expect(site.isOwner).toBe(true)
    expect(site.sections.map((s) => s.type)).toEqual(expect.arrayContaining(['our-story', 'gallery']))
  })

  test('the slug must match exactly', async () => {
    for (const slug of ['Isabel-and-Miguel', 'ISABEL-AND-MIGUEL', ' isabel-and-miguel', 'isabel-and-migue', 'nobody', '']) {
      expect(await t.rpc(null, 'get_site', { p_slug: slug }), slug).toBeNull()
    }
  })

  test('an unpublished wedding is null for visitors and other couples, and visible to its owner', async () => {
    const { claims, wedding } = await t.couple('Diwa', 'Lakan')
    const stranger = await t.signUp()
    expect(await t.rpc(null, 'get_site', { p_slug: wedding.slug })).toBeNull()
    expect(await t.rpc(stranger, 'get_site', { p_slug: wedding.slug })).toBeNull()
    const site = (await t.rpc(claims, 'get_site', { p_slug: wedding.slug })) as Site
    expect(site).toMatchObject({ slug: wedding.slug, isPublished: false, isOwner: true })
    expect(site.sections).toHaveLength(10)
    expect(site.sections.filter((s) => !s.visible).map((s) => s.type)).toEqual(['our-story', 'gallery'])
  })

  test('never returns guest data', async () => {
    const demo = readDemoContent()
    for (const claims of [null, DEMO_CLAIMS]) {
      const json = JSON.stringify(await t.rpc(claims, 'get_site', { p_slug: DEMO.slug }))
      for (const key of ['persons', 'guests', 'households', 'rsvpQuestions', 'userId', 'isAttending', 'response']) {
        expect(json).not.toContain(`"${key}"`)
      }
      for (const household of demo.households) {
        if (household.email) expect(json).not.toContain(household.email)
        if (household.phone) expect(json).not.toContain(household.phone)
      }
      // Names of guests who are not in the entourage never appear.
      for (const name of ['Ma. Cristina', 'dela Cruz Peña', 'Dela Rosa', 'Maricel', 'Aguilar']) {
        expect(json).not.toContain(name)
      }
    }
  })
})
