// Bootstrapping, the local auth shim and the demo seed.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { generateSeedSql } from '../../scripts/generate-seed'
import { bootstrap, localAuth } from '../../src/lib/backend/local/engine'
import {
  createTestDb,
  DEMO,
  DEMO_CLAIMS,
  readDemoContent,
  readSqlFiles,
  SEATED_REPLIES,
  type TestDb,
} from './harness'

/** The parts of the seeded sections' content these tests read. */
interface SeededContent {
  schedule: { events: Array<{ startTime: string; endTime: string }> }
  'wedding-party': { entourage: { principalSponsors: { left: unknown[]; right: unknown[] } } }
  faqs: { faqs: unknown[] }
  travel: { hotels: unknown[] }
  'things-to-do': { activities: unknown[] }
  registry: { paymentOptions: Array<{ label: string }> }
}

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

describe('bootstrap', () => {
  test('applies the shim, every migration and the seed, in order', () => {
    const { migrations } = readSqlFiles()
    expect(t.applied).toEqual(['auth-shim', ...migrations.map((m) => m.version), 'seed'])
  })

  test('a second bootstrap applies nothing', async () => {
    expect(await bootstrap(t.db, readSqlFiles())).toEqual([])
    const { rows } = await t.asOwner<{ count: number }>(
      'select count(*)::int as count from kasalan.weddings where id = $1',
      [DEMO.weddingId],
    )
    expect(rows[0]?.count).toBe(1)
  })

  test('a new migration is applied on its own, after what is already there', async () => {
    const files = readSqlFiles()
    const extra = {
      version: '9999_test_only',
      sql: 'create table kasalan_local.bootstrap_probe (id int);',
    }
    expect(await bootstrap(t.db, { ...files, migrations: [...files.migrations, extra] })).toEqual([
      '9999_test_only',
    ])
    await t.asOwner('drop table kasalan_local.bootstrap_probe')
  })

  test('a failing file is rolled back and not recorded', async () => {
    const files = readSqlFiles()
    const broken = {
      version: '9998_broken',
      sql: 'create table kasalan_local.half (id int); select 1/0;',
    }
    await expect(
      bootstrap(t.db, { ...files, migrations: [...files.migrations, broken] }),
    ).rejects.toMatchObject({
      code: '22012',
    })
    const { rows } = await t.asOwner(
      `select to_regclass('kasalan_local.half') as half,
              exists (select 1 from kasalan_local.applied_versions where version = '9998_broken') as recorded`,
    )
    expect(rows[0]).toEqual({ half: null, recorded: false })
  })
})

describe('seed', () => {
  test('supabase/seed.sql is what scripts/generate-seed.ts writes', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url))
    expect(readFileSync(`${root}supabase/seed.sql`, 'utf8')).toBe(generateSeedSql())
  })

  test('the demo JSON keeps the spec dates for the built-in demo site', () => {
    const demo = readDemoContent()
    expect(demo.wedding.date).toBe('2025-12-12')
    expect(demo.wedding.rsvpDeadline).toBe('2025-10-12')
  })

  test('the demo wedding is the next 12 December at least two months away, deadline two months before', async () => {
    const { rows } = await t.asOwner<{ ok: boolean; next: boolean; deadline_ok: boolean }>(
      `select extract(month from date) = 12 and extract(day from date) = 12 as ok,
              date >= (current_date + interval '2 months')::date
                and (date - interval '1 year')::date < (current_date + interval '2 months')::date as next,
              rsvp_deadline = (date - interval '2 months')::date as deadline_ok
       from kasalan.weddings where id = $1`,
      [DEMO.weddingId],
    )
    expect(rows[0]).toEqual({ ok: true, next: true, deadline_ok: true })
  })

  test('content dates move with the wedding date', async () => {
    const wedding = (await t.rpc(DEMO_CLAIMS, 'get_my_wedding')) as {
      date: string
      sections: { type: string; data: { events?: { date: string }[] } }[]
    }
    const events = wedding.sections.find((s) => s.type === 'schedule')?.data.events ?? []
    expect(events.length).toBeGreaterThanOrEqual(3)
    for (const event of events) expect(event.date).toBe(wedding.date)
    if (!wedding.date.startsWith('2025-'))
      expect(JSON.stringify(wedding)).not.toContain('2025-12-12')

    const { rows } = await t.asOwner<{ future: number }>(
      `select count(*)::int as future from ${SEATED_REPLIES} r where r.responded_at > now()`,
    )
    expect(rows[0]?.future).toBe(0)
  })

  test('demo replies came in over past weeks, relative to the day the seed runs', async () => {
    const { rows } = await t.asOwner<{
      replies: number
      days: number
      newest_ok: boolean
      oldest_ok: boolean
      span_ok: boolean
    }>(
      `select count(*)::int as replies,
              count(distinct (r.responded_at at time zone 'Asia/Manila')::date)::int as days,
              max(r.responded_at) < now() - interval '1 hour' as newest_ok,
              min(r.responded_at) > now() - interval '10 weeks' as oldest_ok,
              max(r.responded_at) - min(r.responded_at) >= interval '14 days' as span_ok
       from ${SEATED_REPLIES} r where r.wedding_id = $1 and r.responded_at is not null`,
      [DEMO.weddingId],
    )
    expect(rows[0]).toMatchObject({ newest_ok: true, oldest_ok: true, span_ok: true })
    expect(rows[0]!.days).toBeGreaterThanOrEqual(10)
  })

  test('the demo seating chart has guests seated, and its layout passes save_seating_layout', async () => {
    const saved = (await t.rpc(DEMO_CLAIMS, 'get_seating_layout', {
      p_wedding_id: DEMO.weddingId,
    })) as {
      layout: { tables: unknown[]; seats: Array<{ personId: string | null }> }
      updatedAt: string
    }
    const seated = saved.layout.seats.filter((seat) => seat.personId).length
    expect(saved.layout.tables.length).toBeGreaterThanOrEqual(4)
    expect(seated).toBeGreaterThanOrEqual(30)
    const { rows } = await t.asOwner<{ declined_seated: number }>(
      `select count(*)::int as declined_seated from ${SEATED_REPLIES} r
       where r.wedding_id = $1 and r.is_attending = false
         and r.person_id::text in (select seat ->> 'personId' from kasalan.seating_layouts l, jsonb_array_elements(l.layout -> 'seats') seat where l.wedding_id = $1)`,
      [DEMO.weddingId],
    )
    expect(rows[0]!.declined_seated).toBe(0)
    const again = (await t.rpc(DEMO_CLAIMS, 'save_seating_layout', {
      p_wedding_id: DEMO.weddingId,
      p_layout: saved.layout,
      p_base_updated_at: saved.updatedAt,
    })) as { layout: { seats: Array<{ personId: string | null }> } }
    expect(again.layout).toEqual(saved.layout)
  })

  test('the demo wedding belongs to the demo user and is published', async () => {
    const wedding = (await t.rpc(DEMO_CLAIMS, 'get_my_wedding')) as Record<string, unknown>
    expect(wedding).toMatchObject({
      id: DEMO.weddingId,
      userId: DEMO.userId,
      slug: DEMO.slug,
      isPublished: true,
      theme: { name: 'classic' },
      bride: { firstName: 'Isabel', lastName: 'Dela Cruz' },
      groom: { firstName: 'Miguel', lastName: 'Santos' },
    })
    expect(wedding.rsvpQuestions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'choice', options: expect.any(Array) }),
        expect.objectContaining({ kind: 'text' }),
      ]),
    )
  })

  test('every default section type is there, with content', async () => {
    const wedding = (await t.rpc(DEMO_CLAIMS, 'get_my_wedding')) as {
      sections: { type: string; data: Record<string, unknown> }[]
    }
    const types = wedding.sections.map((s) => s.type)
    for (const type of [
      'home',
      'our-story',
      'schedule',
      'travel',
      'wedding-party',
      'gallery',
      'things-to-do',
      'registry',
      'faqs',
      'rsvp',
    ]) {
      expect(types).toContain(type)
    }
    const data = Object.fromEntries(
      wedding.sections.map((s) => [s.type, s.data]),
    ) as unknown as SeededContent
    expect(data.schedule.events.map((e) => e.startTime)).toEqual([
      '16:00',
      '17:00',
      '18:00',
      '18:30',
    ])
    expect(data.schedule.events.at(-1)?.endTime).toBe('20:00')
    expect(data['wedding-party'].entourage.principalSponsors.left.length).toBeGreaterThanOrEqual(6)
    expect(data['wedding-party'].entourage.principalSponsors.right.length).toBeGreaterThanOrEqual(6)
    expect(data.faqs.faqs).toHaveLength(5)
    expect(data.travel.hotels).toHaveLength(2)
    expect(data['things-to-do'].activities).toHaveLength(3)
    expect(JSON.stringify(data['things-to-do'])).toContain(
      'https://www.youtube-nocookie.com/embed/',
    )
    expect(data.registry.paymentOptions[0]?.label).toBe('GCash')
  })

  test('about thirty households with every RSVP state, and the tricky names', async () => {
    const households = (await t.rpc(DEMO_CLAIMS, 'list_households', {
      p_wedding_id: DEMO.weddingId,
    })) as {
      id: string
      persons: {
        firstName: string
        lastName: string
        isAttending: boolean | null
        response: unknown[]
      }[]
    }[]
    expect(households.length).toBeGreaterThanOrEqual(28)
    expect(households.length).toBeLessThanOrEqual(35)
    expect(households).toHaveLength(readDemoContent().households.length)

    const persons = households.flatMap((h) => h.persons)
    expect(persons.some((p) => p.isAttending === true && p.response.length > 0)).toBe(true)
    expect(persons.some((p) => p.isAttending === false)).toBe(true)
    expect(persons.some((p) => p.isAttending === null)).toBe(true)

    const cristina = households.find((h) =>
      h.persons.some((p) => p.firstName === 'Ma. Cristina' && p.lastName === 'dela Cruz Peña'),
    )
    expect(cristina?.persons).toHaveLength(3)

    const juans = households.filter((h) => h.persons.some((p) => p.firstName === 'Juan'))
    expect(juans.length).toBeGreaterThanOrEqual(2)
  })

  test('the demo user signs in with kasalan-demo', async () => {
    const user = await localAuth(t.db, 'signIn', ' Demo@Kasalan.ph ', DEMO.password)
    expect(user).toEqual({ id: DEMO.userId, email: DEMO.email, userMetadata: expect.any(Object) })
    await expect(localAuth(t.db, 'signIn', DEMO.email, 'wrong password')).rejects.toMatchObject({
      message: 'invalid_credentials',
    })
  })

  test('the demo user has an e-mail identity, as Supabase expects', async () => {
    const { rows } = await t.asOwner('select provider from auth.identities where user_id = $1', [
      DEMO.userId,
    ])
    expect(rows).toEqual([{ provider: 'email' }])
  })
})

describe('auth shim', () => {
  test('sign-up normalises the e-mail and signs in with the new password', async () => {
    const email = `Ana.${Date.now()}@Example.com`
    const user = await localAuth(t.db, 'signUp', `  ${email} `, 'a long password', { name: 'Ana' })
    expect(user).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      userMetadata: { name: 'Ana' },
    })
    expect(await localAuth(t.db, 'signIn', email, 'a long password')).toEqual(user)
    expect(await localAuth(t.db, 'getUser', user.id)).toEqual(user)
  })

  test('sign-up refusals carry Supabase-style codes', async () => {
    const email = `dup-${Date.now()}@example.com`
    await localAuth(t.db, 'signUp', email, 'a long password')
    await expect(
      localAuth(t.db, 'signUp', email.toUpperCase(), 'a long password'),
    ).rejects.toMatchObject({
      message: 'user_already_exists',
      code: 'P0001',
    })
    await expect(
      localAuth(t.db, 'signUp', `short-${Date.now()}@example.com`, 'seven77'),
    ).rejects.toMatchObject({
      message: 'weak_password',
    })
    await expect(
      localAuth(t.db, 'signUp', 'not an email', 'a long password'),
    ).rejects.toMatchObject({
      message: 'invalid_email',
    })
    await expect(
      localAuth(t.db, 'signIn', `nobody-${Date.now()}@example.com`, 'a long password'),
    ).rejects.toMatchObject({
      message: 'invalid_credentials',
    })
  })

  test('passwords are stored as bcrypt hashes', async () => {
    const { rows } = await t.asOwner<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [DEMO.userId],
    )
    expect(rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$/)
  })

  test('update password replaces the old one', async () => {
    const email = `pw-${Date.now()}@example.com`
    const user = await localAuth(t.db, 'signUp', email, 'first password')
    await expect(localAuth(t.db, 'updatePassword', user.id, 'short')).rejects.toMatchObject({
      message: 'weak_password',
    })
    await localAuth(t.db, 'updatePassword', user.id, 'second password')
    await expect(localAuth(t.db, 'signIn', email, 'first password')).rejects.toMatchObject({
      message: 'invalid_credentials',
    })
    expect((await localAuth(t.db, 'signIn', email, 'second password')).id).toBe(user.id)
    await expect(
      localAuth(t.db, 'updatePassword', '00000000-0000-4000-8000-000000000000', 'third password'),
    ).rejects.toMatchObject({ message: 'user_not_found' })
  })

  test('getUser of an unknown id is null', async () => {
    expect(await localAuth(t.db, 'getUser', '00000000-0000-4000-8000-000000000000')).toBeNull()
  })

  test('auth.uid(), auth.role() and auth.jwt() read the request claims like Supabase', async () => {
    const { rows } = await t.asRole(
      'authenticated',
      DEMO_CLAIMS,
      'select auth.uid() as uid, auth.role() as role, auth.jwt() as jwt',
    )
    expect(rows[0]).toEqual({
      uid: DEMO.userId,
      role: 'authenticated',
      jwt: { sub: DEMO.userId, role: 'authenticated' },
    })

    const anon = await t.asRole('anon', null, 'select auth.uid() as uid, auth.role() as role')
    expect(anon.rows[0]).toEqual({ uid: null, role: 'anon' })

    const legacy = await t.db.transaction(async (tx) => {
      await tx.query("select set_config('request.jwt.claim.sub', $1, true)", [DEMO.userId])
      return tx.query('select auth.uid() as uid')
    })
    expect(legacy.rows[0]).toEqual({ uid: DEMO.userId })
  })

  test('the local_* functions are for the database owner only', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        t.asRole(role, null, "select auth.local_sign_in('demo@kasalan.ph', 'kasalan-demo')"),
      ).rejects.toMatchObject({ code: '42501' })
      await expect(t.asRole(role, null, 'select count(*) from auth.users')).rejects.toMatchObject({
        code: '42501',
      })
    }
  })
})
