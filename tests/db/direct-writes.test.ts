// Every write goes through the rules (0026_writes_through_functions.sql). A signed-in stranger
// writing the tables directly, as a PostgREST request can, is refused; and the rules a function
// checks hold on the tables themselves, so no other path (the import, the database owner) stores
// what the functions would refuse: another couple's address, a reserved word, a theme, template
// or contact link no function accepts, control characters in a text.

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, ENGINE, type TestDb } from './harness'

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

interface Wedding {
  id: string
  slug: string
  sections: { id: string; type: string }[]
}

let addresses = 0

/** A couple whose site is published and whose address changed once: `oldSlug` is printed somewhere. */
async function publishedCoupleWithOldAddress() {
  const { claims, wedding } = await t.couple('Ligaya', 'Bayani')
  addresses += 1
  const newSlug = `ligaya-bayani-${addresses}-${Date.now().toString(36)}`
  await t.rpc(claims, 'change_wedding_slug', { p_wedding_id: wedding.id, p_slug: newSlug })
  await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
  return { claims, wedding: wedding as Wedding, oldSlug: wedding.slug, slug: newSlug }
}

/** What a statement did as `claims` through the Data API: 'ok' or the error's code and message. */
async function attempt(claims: Claims, sql: string, params: unknown[] = []) {
  try {
    await t.asRole('authenticated', claims, sql, params)
    return 'ok'
  } catch (error) {
    const { code, message } = error as { code?: string; message: string }
    return `${code ?? '?'} ${message}`
  }
}

/** The same as the database owner. */
async function asOwner(sql: string, params: unknown[] = []) {
  try {
    await t.asOwner(sql, params)
    return 'ok'
  } catch (error) {
    const { code, message } = error as { code?: string; message: string }
    return `${code ?? '?'} ${message}`
  }
}

describe('a signed-in stranger writing the tables directly', () => {
  test("cannot take another couple's old address: get_site keeps redirecting to the couple", async () => {
    const victim = await publishedCoupleWithOldAddress()
    const stranger = await t.couple('Dalisay', 'Amado')
    await t.rpc(stranger.claims, 'set_wedding_published', {
      p_wedding_id: stranger.wedding.id,
      p_published: true,
    })

    const result = await attempt(
      stranger.claims,
      'update kasalan.weddings set slug = $1 where id = $2',
      [victim.oldSlug, stranger.wedding.id],
    )
    expect(result).toMatch(/^42501 /)
    expect(await t.rpc(null, 'get_site', { p_slug: victim.oldSlug })).toEqual({
      redirectTo: victim.slug,
    })
  })

  test("cannot put another couple's current address among their old ones: the couple still changes theirs", async () => {
    const victim = await publishedCoupleWithOldAddress()
    const stranger = await t.couple('Dalisay', 'Amado')

    const result = await attempt(
      stranger.claims,
      'insert into kasalan.wedding_old_slugs (slug, wedding_id) values ($1, $2)',
      [victim.slug, stranger.wedding.id],
    )
    expect(result).toMatch(/^42501 /)
    const next = `${victim.slug}-bago`
    await expect(
      t.rpc(victim.claims, 'change_wedding_slug', {
        p_wedding_id: victim.wedding.id,
        p_slug: next,
      }),
    ).resolves.toMatchObject({ slug: next })
    expect(await t.rpc(null, 'get_site', { p_slug: victim.slug })).toEqual({ redirectTo: next })
  })

  test('cannot make a reserved word their address', async () => {
    const { claims, wedding } = await t.couple('Dalisay', 'Amado')
    expect(
      await attempt(claims, "update kasalan.weddings set slug = 'manage' where id = $1", [
        wedding.id,
      ]),
    ).toMatch(/^42501 /)
    expect(
      await attempt(
        claims,
        "insert into kasalan.wedding_old_slugs (slug, wedding_id) values ('admin', $1)",
        [wedding.id],
      ),
    ).toMatch(/^42501 /)
    expect(await t.rpc(null, 'get_site', { p_slug: 'manage' })).toBeNull()
  })

  test('cannot write their own wedding around the checks (a theme, a section, a seating layout, a photo)', async () => {
    const { claims, wedding } = (await t.couple()) as {
      claims: NonNullable<Claims>
      wedding: Wedding
    }
    const tries = [
      [
        'update kasalan.weddings set theme = $1 where id = $2',
        [{ name: 'classic', fonts: { body: 'Comic Sans' } }, wedding.id],
      ],
      [
        'update kasalan.sections set title = $1 where wedding_id = $2',
        ['Tahanan\u0001', wedding.id],
      ],
      [
        'insert into kasalan.seating_layouts (wedding_id, layout) values ($1, $2)',
        [wedding.id, { tables: 'x' }],
      ],
      [
        "insert into kasalan.media_objects (path, wedding_id, content_type, content) values ($1::text || '/a.png', $1::uuid, 'image/png', '\\x00')",
        [wedding.id],
      ],
      ['delete from kasalan.sections where wedding_id = $1', [wedding.id]],
    ] as const
    for (const [sql, params] of tries) {
      expect(
        await attempt(
          claims,
          sql,
          [...params].map((p) => (typeof p === 'object' ? JSON.stringify(p) : p)),
        ),
        sql,
      ).toMatch(/^42501 /)
    }
  })

  test('has no INSERT, UPDATE, DELETE or TRUNCATE on any kasalan table, and neither has anon', async () => {
    const { rows } = await t.asOwner<{ name: string; role: string; privilege: string }>(`
      select c.relname as name, r.role, x.privilege
      from pg_catalog.pg_class c
      cross join (values ('anon'), ('authenticated'), ('public')) as r(role)
      cross join (values ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) as x(privilege)
      where c.relnamespace = 'kasalan'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
        and exists (
          select 1 from aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
          where a.privilege_type = x.privilege
            and a.grantee = case r.role when 'public' then 0 else (select oid from pg_catalog.pg_roles where rolname = r.role) end
        )
      order by 1, 2, 3`)
    expect(rows).toEqual([])

    const { claims } = await t.couple()
    const { rows: tables } = await t.asOwner<{ name: string }>(
      "select c.relname as name from pg_catalog.pg_class c where c.relnamespace = 'kasalan'::regnamespace and c.relkind = 'r' order by 1",
    )
    expect(tables.length).toBeGreaterThan(10)
    for (const { name } of tables) {
      expect(await attempt(claims, `delete from kasalan.${name}`), name).toMatch(/^42501 /)
      expect(await attempt(claims, `insert into kasalan.${name} default values`), name).toMatch(
        /^42501 /,
      )
    }
  })

  test("can still read only their own rows where the app's reads need it", async () => {
    const a = await t.couple()
    const b = await t.couple()
    const { rows } = await t.asRole<{ id: string }>(
      'authenticated',
      a.claims,
      'select id from kasalan.weddings',
    )
    expect(rows.map((row) => row.id)).toEqual([a.wedding.id])
    expect(rows.map((row) => row.id)).not.toContain(b.wedding.id)
  })
})

describe('the rules hold on the tables, whatever writes them', () => {
  test("a wedding never takes another wedding's old address, even written by the database owner", async () => {
    const victim = await publishedCoupleWithOldAddress()
    const other = await t.couple('Dalisay', 'Amado')
    expect(
      await asOwner('update kasalan.weddings set slug = $1 where id = $2', [
        victim.oldSlug,
        other.wedding.id,
      ]),
    ).toMatch(/^23505 slug_taken/)
    expect(await t.rpc(null, 'get_site', { p_slug: victim.oldSlug })).toEqual({
      redirectTo: victim.slug,
    })
  })

  test("an old address never names another wedding's current or old one, even written by the owner", async () => {
    const victim = await publishedCoupleWithOldAddress()
    const other = await t.couple('Dalisay', 'Amado')
    // Another wedding's current address: refused by the address registry; an old one: by that too,
    // or first by the old addresses' own key.
    for (const slug of [victim.slug, victim.oldSlug]) {
      expect(
        await asOwner(
          'insert into kasalan.wedding_old_slugs (slug, wedding_id, user_id) values ($1, $2, $3)',
          [slug, other.wedding.id, other.claims.sub],
        ),
      ).toMatch(/^23505 (slug_taken|.*wedding_old_slugs_pkey)/)
    }
    expect(
      await asOwner('update kasalan.wedding_old_slugs set wedding_id = $1 where slug = $2', [
        other.wedding.id,
        victim.oldSlug,
      ]),
    ).toMatch(/^23505 slug_taken/)
    expect(await t.rpc(null, 'get_site', { p_slug: victim.oldSlug })).toEqual({
      redirectTo: victim.slug,
    })
  })

  test('a couple may still take back their own old address', async () => {
    const couple = await publishedCoupleWithOldAddress()
    await expect(
      t.rpc(couple.claims, 'change_wedding_slug', {
        p_wedding_id: couple.wedding.id,
        p_slug: couple.oldSlug,
      }),
    ).resolves.toMatchObject({ slug: couple.oldSlug })
    expect(await t.rpc(null, 'get_site', { p_slug: couple.slug })).toEqual({
      redirectTo: couple.oldSlug,
    })
  })

  test('a reserved word is never an address, current or old', async () => {
    const { claims, wedding } = await t.couple()
    expect(
      await asOwner("update kasalan.weddings set slug = 'manage' where id = $1", [wedding.id]),
    ).toMatch(/^23514 .*weddings_slug_not_reserved/)
    expect(
      await asOwner(
        "insert into kasalan.wedding_old_slugs (slug, wedding_id, user_id) values ('admin', $1, $2)",
        [wedding.id, claims.sub],
      ),
    ).toMatch(/^23514 .*wedding_old_slugs_slug_not_reserved/)
  })

  test('a theme, templates or a contact link the functions refuse are refused on the table too', async () => {
    const { wedding } = await t.couple()
    const bad = [
      ['theme', { name: 'classic', fonts: { body: 'Comic Sans' } }],
      ['theme', { name: 'classic', colors: { text: 'red; background: url(x)' } }],
      ['invitation_templates', { invitation: { fil: 'x'.repeat(1001) } }],
      ['invitation_templates', { letter: { fil: 'Hi' } }],
      ['contact', { messenger: 'javascript:alert(1)' }],
      ['contact', { email: 'not an address' }],
    ] as const
    for (const [column, value] of bad) {
      expect(
        await asOwner(`update kasalan.weddings set ${column} = $1 where id = $2`, [
          JSON.stringify(value),
          wedding.id,
        ]),
        column,
      ).toMatch(/^P0001 invalid_input/)
    }
  })

  test('a wedding file cannot bring a theme, templates or a contact link the builder would refuse', async () => {
    const bad = [
      { theme: { name: 'classic', fonts: { body: 'Comic Sans' } } },
      { invitation_templates: { invitation: { fil: 'x'.repeat(1001) } } },
      { contact: { messenger: 'javascript:alert(1)' } },
    ]
    for (const wedding of bad) {
      const couple = await t.couple()
      await expect(
        t.rpc(couple.claims, 'import_wedding', {
          p_wedding_id: couple.wedding.id,
          p_file: { format: 'kasalan-wedding', version: 1, wedding },
        }),
        JSON.stringify(wedding),
      ).rejects.toMatchObject({ message: 'invalid_input' })
    }
  })

  test('a video embed from anywhere but the allowed players is refused on every path', async () => {
    const { claims, wedding } = (await t.couple()) as {
      claims: NonNullable<Claims>
      wedding: Wedding
    }
    const section = wedding.sections.find((s) => s.type === 'things-to-do')!
    const data = {
      activities: [
        {
          name: 'Intramuros',
          video: '<iframe src="https://evil.example/embed/x" title="x"></iframe>',
        },
      ],
    }
    await expect(
      t.rpc(claims, 'save_section_content', {
        p_section_id: section.id,
        p_title: 'Pasyalan',
        p_data: data,
      }),
    ).rejects.toMatchObject({ message: 'video_embed_not_allowed' })
    expect(
      await asOwner('update kasalan.sections set data = $1 where id = $2', [
        JSON.stringify(data),
        section.id,
      ]),
    ).toMatch(/^P0001 section_data_invalid/)
    const couple = await t.couple()
    await expect(
      t.rpc(couple.claims, 'import_wedding', {
        p_wedding_id: couple.wedding.id,
        p_file: {
          format: 'kasalan-wedding',
          version: 1,
          wedding: {},
          sections: [
            {
              type: 'things-to-do',
              label: 'Things to Do',
              title: 'x',
              path: 'things-to-do',
              visible: true,
              data,
              order_index: 0,
            },
          ],
        },
      }),
    ).rejects.toMatchObject({ message: 'section_data_invalid' })
  })
})

describe('control characters are refused in every text a person types', () => {
  test("a section's title (the function and the table)", async () => {
    const { claims, wedding } = (await t.couple()) as {
      claims: NonNullable<Claims>
      wedding: Wedding
    }
    const section = wedding.sections.find((s) => s.type === 'schedule')!
    await expect(
      t.rpc(claims, 'save_section_content', {
        p_section_id: section.id,
        p_title: 'Pagtitipon\u0001',
        p_data: {},
      }),
    ).rejects.toMatchObject({
      message: 'invalid_input',
      code: 'P0001',
      details: 'title contains invalid characters',
    })
    expect(
      await asOwner("update kasalan.sections set title = 'a' || chr(27) || 'b' where id = $1", [
        section.id,
      ]),
    ).toMatch(/^P0001 invalid_input/)
    // Tab and line breaks stay allowed, as everywhere.
    await expect(
      t.rpc(claims, 'save_section_content', {
        p_section_id: section.id,
        p_title: 'Pagtitipon\tGabi',
        p_data: {},
      }),
    ).resolves.toMatchObject({ section: { title: 'Pagtitipon\tGabi' } })
  })

  test("a member's display name", async () => {
    const owner = await t.couple()
    const invite = (await t.rpc(owner.claims, 'create_member_invitation', {
      p_wedding_id: owner.wedding.id,
      p_role: 'coordinator',
      p_side: null,
      p_email: null,
    })) as { token: string }
    const member = await t.signUp('member')
    await expect(
      t.rpc(member, 'accept_member_invitation', {
        p_token: invite.token,
        p_display_name: 'Tita\u0007Carmen',
      }),
    ).rejects.toMatchObject({ message: 'invalid_input', code: 'P0001' })
    await expect(
      t.rpc(member, 'accept_member_invitation', {
        p_token: invite.token,
        p_display_name: 'Tita Carmen',
      }),
    ).resolves.toBeTruthy()
  })

  test('and a sample of the others, on the tables: names, notes, venue, section labels, JSON texts', async () => {
    const { claims, wedding } = (await t.couple()) as {
      claims: NonNullable<Claims>
      wedding: Wedding
    }
    const household = (await t.rpc(claims, 'save_household', {
      p_wedding_id: wedding.id,
      p_household: { persons: [{ firstName: 'Una' }] },
    })) as { id: string }
    const writes = [
      [
        "update kasalan.persons set first_name = 'Un' || chr(1) || 'a' where household_id = $1",
        household.id,
      ],
      ["update kasalan.households set notes = 'x' || chr(127) where id = $1", household.id],
      ["update kasalan.weddings set venue = 'Manila' || chr(8) where id = $1", wedding.id],
      ["update kasalan.sections set label = 'Home' || chr(31) where wedding_id = $1", wedding.id],
      [
        "update kasalan.weddings set bride = jsonb_build_object('firstName', 'Ma' || chr(2), 'lastName', 'Reyes') where id = $1",
        wedding.id,
      ],
      [
        "update kasalan.households set address = jsonb_build_object('street', 'x' || chr(3)) where id = $1",
        household.id,
      ],
    ] as const
    for (const [sql, id] of writes) {
      expect(await asOwner(sql, [id]), sql).toMatch(/^P0001 invalid_input/)
    }
  })
})

describe.skipIf(ENGINE !== 'postgres')(
  'two writers racing for one address (real PostgreSQL)',
  () => {
    test('the second waits for the first and is refused once it commits', async () => {
      const a = await t.couple('Rosa', 'Lito')
      const b = await t.couple('Nena', 'Pido')
      const address = `karera-${Date.now().toString(36)}`
      const { host, port } = inject('kasalanPostgres')
      const { rows } = await t.asOwner<{ name: string }>('select current_database() as name')
      const connect = async () => {
        const client = new pg.Client({ host, port, user: 'postgres', database: rows[0]!.name })
        client.on('error', () => undefined)
        await client.connect()
        return client
      }
      const first = await connect()
      const second = await connect()
      try {
        // One takes the address as its current one, the other at the same moment as an old one.
        await first.query('begin')
        await first.query('update kasalan.weddings set slug = $1 where id = $2', [
          address,
          a.wedding.id,
        ])
        await second.query('begin')
        const pid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
          .pid
        let settled = false
        const late = second
          .query(
            'insert into kasalan.wedding_old_slugs (slug, wedding_id, user_id) values ($1, $2, $3)',
            [address, b.wedding.id, b.claims.sub],
          )
          .then(
            () => 'ok',
            (error: { code: string; message: string }) => `${error.code} ${error.message}`,
          )
          .finally(() => {
            settled = true
          })
        await t.waitUntilBlocked(pid, () => settled)
        await first.query('commit')
        expect(await late).toMatch(/^23505 slug_taken/)
        await second.query('rollback')
      } finally {
        await Promise.all([first.end(), second.end()])
      }
      expect(await t.rpc(null, 'get_site', { p_slug: address })).toBeNull()
      const { rows: owners } = await t.asOwner<{ id: string }>(
        'select id from kasalan.weddings where slug = $1',
        [address],
      )
      expect(owners).toEqual([{ id: a.wedding.id }])
    })
  },
)
