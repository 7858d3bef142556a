// Function privileges, and the wedding, website and public-site functions.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
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
  isCouple: boolean
  wedding: Record<string, unknown>
  sections: Section[]
}

/** The first functions of the core (the original core migration); later ones added their own. */
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
  'list_households',
  'protect_row_identity',
  'save_household',
  'section_json',
  'unique_wedding_slug',
  'wedding_json',
]
/** DESIGN.md's deliberate public calls: the only functions anon may execute. (media_readable, of
 * the storage read policy, is granted to anon only where Storage's policies exist: not here.) */
const PUBLIC_CALLS = [
  'get_site',
  'search_persons',
  'get_rsvp',
  'submit_rsvp',
  'get_media_object',
  'open_invitation',
  'open_invitation_code',
  'get_link_preview',
]

/** The core functions that are private helpers (kasalan_private): no call of the Data API. */
const PRIVATE_HELPERS = [
  'can_manage',
  'check_household_has_adult',
  'household_json',
  'json_text',
  'json_uuid',
  'protect_row_identity',
  'section_json',
  'unique_wedding_slug',
  'wedding_json',
]

/** Calls a private helper as the database owner (it is no call of the API). */
async function helper(name: string, args: Record<string, unknown>) {
  const names = Object.keys(args)
  const { rows } = await t.asOwner<{ result: unknown }>(
    `select kasalan_private.${name}(${names.map((key, i) => `${key} => $${i + 1}`).join(', ')}) as result`,
    names.map((key) =>
      args[key] !== null && typeof args[key] === 'object' ? JSON.stringify(args[key]) : args[key],
    ),
  )
  return rows[0]!.result
}

interface FunctionInfo {
  name: string
  schema: string
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
      `select p.proname as name, p.pronamespace::regnamespace::text as schema,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                      where a.grantee = 0 and a.privilege_type = 'EXECUTE') as public,
              p.prorettype = 'trigger'::regtype as trigger,
              p.prosecdef as definer,
              p.proconfig as config
       from pg_proc p
       where p.pronamespace in ('kasalan'::regnamespace, 'kasalan_private'::regnamespace)
       order by p.proname`,
    )
    functions = rows
  })

  test('the core functions exist', () => {
    expect(functions.map((f) => f.name)).toEqual(expect.arrayContaining(CORE_FUNCTIONS))
  })

  test('anon may execute get_site and the other deliberate public calls, nothing else; public nothing', () => {
    expect(functions.find((f) => f.name === 'get_site')).toMatchObject({
      anon: true,
      authenticated: true,
    })
    for (const f of functions) {
      expect({ name: f.name, anon: f.anon, public: f.public }).toEqual({
        name: f.name,
        anon: PUBLIC_CALLS.includes(f.name),
        public: false,
      })
    }
  })

  test('authenticated may execute the core functions the app calls; the helpers are private; nobody the trigger functions', () => {
    for (const f of functions.filter((f) => CORE_FUNCTIONS.includes(f.name))) {
      const helper = PRIVATE_HELPERS.includes(f.name)
      expect({ name: f.name, schema: f.schema }).toEqual({
        name: f.name,
        schema: helper ? 'kasalan_private' : 'kasalan',
      })
      if (!helper)
        expect({ name: f.name, authenticated: f.authenticated }).toEqual({
          name: f.name,
          authenticated: !f.trigger,
        })
    }
    for (const f of functions.filter((f) => f.trigger)) {
      expect({ name: f.name, anon: f.anon, authenticated: f.authenticated }).toEqual({
        name: f.name,
        anon: false,
        authenticated: false,
      })
    }
  })

  test('`kasalan` holds only calls of the Data API: every helper and trigger function is private (0030)', () => {
    const inApi = functions.filter((f) => f.schema === 'kasalan')
    expect(inApi.length).toBeGreaterThan(70)
    expect(
      inApi.filter((f) => (!f.authenticated && !f.anon) || f.trigger).map((f) => f.name),
    ).toEqual([])
    expect(functions.filter((f) => f.schema === 'kasalan_private').length).toBeGreaterThan(100)
  })

  test("every function, security definer or not, sets search_path = ''", () => {
    // And nothing else, but the name search's forgiving pass, planned once per session (0025).
    const also: Record<string, string[]> = { search_pass: ['plan_cache_mode=force_generic_plan'] }
    for (const f of functions) {
      expect({ name: f.name, config: f.config }).toEqual({
        name: f.name,
        config: ['search_path=""', ...(also[f.name] ?? [])],
      })
    }
  })

  test('of the core functions, only the permission helpers, get_site, the writers and the guest list are security definer', () => {
    // Households and persons are written only through functions since 0009, everything else since
    // 0026 (direct writes revoked). The guest list applies its visibility rule itself since 0026
    // (big wedding), checked against row-level security's answer in reads.test.ts.
    expect(
      functions.filter((f) => f.definer && CORE_FUNCTIONS.includes(f.name)).map((f) => f.name),
    ).toEqual([
      'can_manage',
      'check_household_has_adult',
      'create_my_wedding',
      'delete_household',
      'get_site',
      'list_households',
      'save_household',
      'unique_wedding_slug',
    ])
  })

  test('anon is refused every management function', async () => {
    const calls: [string, Record<string, unknown>][] = [
      [
        'create_my_wedding',
        { p_bride: { firstName: 'A', lastName: 'B' }, p_groom: { firstName: 'C', lastName: 'D' } },
      ],
      ['get_my_wedding', {}],
      ['list_households', { p_wedding_id: DEMO.weddingId }],
      [
        'save_household',
        { p_wedding_id: DEMO.weddingId, p_household: { persons: [{ firstName: 'X' }] } },
      ],
      ['delete_household', { p_household_id: DEMO.weddingId }],
    ]
    for (const [name, args] of calls) {
      await expect(t.rpc(null, name, args), name).rejects.toMatchObject(denied)
    }
    for (const sql of [
      'select kasalan_private.wedding_json(w) from kasalan.weddings w',
      'select kasalan_private.section_json(s) from kasalan.sections s',
      'select kasalan_private.household_json(g) from kasalan.households g',
      "select kasalan_private.can_manage('5eed0000-0000-4000-8000-000000000002')",
      "select kasalan_private.unique_wedding_slug('A', 'B')",
      "select kasalan_private.json_text('{}', 'x', 1)",
    ]) {
      await expect(t.asRole('anon', null, sql)).rejects.toMatchObject(denied)
    }
  })

  test('nobody calls the trigger functions directly', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        t.asRole(role, DEMO_CLAIMS, 'select kasalan_private.protect_row_identity()'),
      ).rejects.toMatchObject(denied)
      await expect(
        t.asRole(role, DEMO_CLAIMS, 'select kasalan_private.check_household_has_adult()'),
      ).rejects.toMatchObject(denied)
    }
  })
})

describe('JSON helpers', () => {
  test('json_text trims, turns blank into null and refuses non-text or too long', async () => {
    const text = (value: unknown, max = 10) =>
      helper('json_text', { p_object: { v: value }, p_key: 'v', p_max_length: max })
    expect(await text('  Ana  ')).toBe('Ana')
    expect(await text('   ')).toBeNull()
    expect(await text(null)).toBeNull()
    expect(await helper('json_text', { p_object: {}, p_key: 'v', p_max_length: 10 })).toBeNull()
    await expect(text(42)).rejects.toMatchObject({
      message: 'invalid_input',
      detail: 'v must be text',
    })
    await expect(text('x'.repeat(11))).rejects.toMatchObject({ message: 'invalid_input' })
  })

  test('json_uuid accepts a UUID or nothing', async () => {
    const id = (value: unknown) => helper('json_uuid', { p_object: { id: value }, p_key: 'id' })
    expect(await id(DEMO.weddingId)).toBe(DEMO.weddingId)
    expect(await id(null)).toBeNull()
    await expect(id('5eed')).rejects.toMatchObject({ message: 'invalid_input' })
    await expect(id(7)).rejects.toMatchObject({ message: 'invalid_input' })
  })

  test('json_number reads a JSON number, whole unless told otherwise; json_boolean true or false', async () => {
    const number = (value: unknown, whole = true) =>
      helper('json_number', { p_object: { n: value }, p_key: 'n', p_whole: whole })
    expect(Number(await number(2500))).toBe(2500)
    expect(Number(await number(-1))).toBe(-1)
    expect(await number(null)).toBeNull()
    expect(await helper('json_number', { p_object: {}, p_key: 'n' })).toBeNull()
    expect(Number(await number(12.5, false))).toBe(12.5)
    for (const [value, detail] of [
      ['12', 'n must be a number'],
      [true, 'n must be a number'],
      [12.5, 'n must be a whole number of at most 18 digits'],
      [1e19, 'n must be a whole number of at most 18 digits'],
    ] as const) {
      await expect(number(value), JSON.stringify(value)).rejects.toMatchObject({
        message: 'invalid_input',
        detail,
      })
    }
    const flag = (value: unknown) => helper('json_boolean', { p_object: { b: value }, p_key: 'b' })
    expect(await flag(true)).toBe(true)
    expect(await flag(false)).toBe(false)
    expect(await flag(null)).toBeNull()
    for (const value of ['true', 1, 'yes']) {
      await expect(flag(value), JSON.stringify(value)).rejects.toMatchObject({
        message: 'invalid_input',
        detail: 'b must be true or false',
      })
    }
  })

  test('the shape helpers see only what row-level security lets the caller see', async () => {
    const stranger = await t.signUp()
    const own = await t.asRole<{ json: { id: string; sections: unknown[] } }>(
      'authenticated',
      DEMO_CLAIMS,
      'select kasalan_private.wedding_json(w) as json from kasalan.weddings w',
    )
    expect(own.rows.map((r) => r.json.id)).toEqual([DEMO.weddingId])
    expect(own.rows[0]!.json.sections.length).toBe(10)

    // Handed the demo wedding's row from outside, a stranger still gets none of its sections or persons.
    const { rows } = await t.asOwner<{ wedding: string; guest: string }>(
      `select (select w::text from kasalan.weddings w where w.id = $1) as wedding,
              (select g::text from kasalan.households g where g.wedding_id = $1 limit 1) as guest`,
      [DEMO.weddingId],
    )
    // household_json is no call of the API since 0030: lent to signed-in users for this check only.
    await t.asOwner(
      'grant execute on function kasalan_private.household_json(kasalan.households) to authenticated',
    )
    try {
      const leaked = await t.asRole<{ wedding: { sections: unknown[] } }>(
        'authenticated',
        stranger,
        'select kasalan_private.wedding_json($1::kasalan.weddings) as wedding',
        [rows[0]!.wedding],
      )
      expect(leaked.rows[0]!.wedding.sections).toEqual([])
      // The persons come with their answers, which only functions read: the call is refused whole.
      await expect(
        t.asRole(
          'authenticated',
          stranger,
          'select kasalan_private.household_json($1::kasalan.households) as household',
          [rows[0]!.guest],
        ),
      ).rejects.toThrow(/permission denied/)
    } finally {
      await t.asOwner(
        'revoke execute on function kasalan_private.household_json(kasalan.households) from authenticated',
      )
    }
  })
})

describe('can_manage', () => {
  test('is true for the owner only', async () => {
    const stranger = await t.signUp()
    // As the caller, the way the row policies run it.
    const canManage = async (claims: typeof DEMO_CLAIMS, id: string) =>
      (
        await t.asRole<{ v: boolean }>(
          'authenticated',
          claims,
          'select kasalan_private.can_manage($1) as v',
          [id],
        )
      ).rows[0]!.v
    expect(await canManage(DEMO_CLAIMS, DEMO.weddingId)).toBe(true)
    expect(await canManage(stranger, DEMO.weddingId)).toBe(false)
    expect(await canManage(DEMO_CLAIMS, '00000000-0000-4000-8000-000000000000')).toBe(false)
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
    expect(
      wedding.sections.map((s) => [s.type, s.path, s.visible, s.title, s.label, s.orderIndex]),
    ).toEqual([
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
    const { rows } = await t.asOwner(
      'select count(*)::int as n from kasalan.weddings where user_id = $1',
      [claims.sub],
    )
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
      [
        { firstName: ' ', lastName: 'Cruz' },
        { firstName: 'Juan', lastName: 'Cruz' },
      ],
      [{ firstName: 'Maria' }, { firstName: 'Juan', lastName: 'Cruz' }],
      [['Maria'], { firstName: 'Juan', lastName: 'Cruz' }],
      [
        { firstName: 'Maria', lastName: 'Cruz' },
        { firstName: 42, lastName: 'Cruz' },
      ],
      [
        { firstName: 'M'.repeat(101), lastName: 'Cruz' },
        { firstName: 'Juan', lastName: 'Cruz' },
      ],
    ]) {
      await expect(
        t.rpc(claims, 'create_my_wedding', { p_bride: bride, p_groom: groom, p_date: null }),
      ).rejects.toMatchObject({
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
    expect(
      await helper('unique_wedding_slug', {
        p_bride_first_name: 'Isabel',
        p_groom_first_name: 'Miguel',
      }),
    ).toBe('isabel-and-miguel-2')
    expect(
      await helper('unique_wedding_slug', {
        p_bride_first_name: 'Ñora',
        p_groom_first_name: 'Émile',
      }),
    ).toBe('nora-and-emile')
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

describe('get_site', () => {
  test('anon finds the published demo, with visible sections only', async () => {
    const site = (await t.rpc(null, 'get_site', { p_slug: DEMO.slug })) as Site
    expect(site).toMatchObject({
      slug: DEMO.slug,
      title: 'Isabel & Miguel',
      isPublished: true,
      isCouple: false,
    })
    expect(Object.keys(site.wedding).sort()).toEqual(
      // 0007 adds the wedding's public details: location, hashtag, site language.
      [
        'bride',
        'contact',
        'date',
        'groom',
        'hashtag',
        'id',
        'location',
        'rsvpDeadline',
        'siteLanguage',
        'slug',
        'theme',
        'title',
      ].sort(),
    )
    expect(site.sections.length).toBeGreaterThan(0)
    expect(site.sections.every((s) => s.visible)).toBe(true)
    expect(site.sections.map((s) => s.type)).not.toContain('our-story')
    expect(site.sections.map((s) => s.type)).not.toContain('gallery')
    expect(site.sections.map((s) => s.orderIndex)).toEqual(
      [...site.sections.map((s) => s.orderIndex)].sort((a, b) => a - b),
    )
  })

  test('the owner gets every section and isCouple', async () => {
    const site = (await t.rpc(DEMO_CLAIMS, 'get_site', { p_slug: DEMO.slug })) as Site
    expect(site.isCouple).toBe(true)
    expect(site.sections.map((s) => s.type)).toEqual(
      expect.arrayContaining(['our-story', 'gallery']),
    )
  })

  test('the slug must match exactly', async () => {
    for (const slug of [
      'Isabel-and-Miguel',
      'ISABEL-AND-MIGUEL',
      ' isabel-and-miguel',
      'isabel-and-migue',
      'nobody',
      '',
    ]) {
      expect(await t.rpc(null, 'get_site', { p_slug: slug }), slug).toBeNull()
    }
  })

  test('an unpublished wedding is null for visitors and other couples, and visible to its owner', async () => {
    const { claims, wedding } = await t.couple('Diwa', 'Lakan')
    const stranger = await t.signUp()
    expect(await t.rpc(null, 'get_site', { p_slug: wedding.slug })).toBeNull()
    expect(await t.rpc(stranger, 'get_site', { p_slug: wedding.slug })).toBeNull()
    const site = (await t.rpc(claims, 'get_site', { p_slug: wedding.slug })) as Site
    expect(site).toMatchObject({ slug: wedding.slug, isPublished: false, isCouple: true })
    expect(site.sections).toHaveLength(10)
    expect(site.sections.filter((s) => !s.visible).map((s) => s.type)).toEqual([
      'our-story',
      'gallery',
    ])
  })

  test('never returns guest data', async () => {
    const demo = readDemoContent()
    for (const claims of [null, DEMO_CLAIMS]) {
      const json = JSON.stringify(await t.rpc(claims, 'get_site', { p_slug: DEMO.slug }))
      for (const key of [
        'persons',
        'guests',
        'households',
        'rsvpQuestions',
        'userId',
        'isAttending',
        'response',
      ]) {
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
