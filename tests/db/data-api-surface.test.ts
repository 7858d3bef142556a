// The Data API's surface (0030_private_helpers.sql). PostgREST exposes the schemas listed in
// supabase/config.toml, and every function there that anon or authenticated may execute is a call
// anyone can make. That set must be exactly the calls the app makes, read here from the app's own
// source, so a helper granted by mistake, or a call the app dropped, shows up here. The helpers
// live in kasalan_private, which is not exposed, and the row policies still reach them.

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDb, type TestDb } from './harness'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Every source file of the app and its server functions (tests excluded). */
function sourceFiles(): string[] {
  const files: string[] = [`${ROOT}index.html`]
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = `${dir}/${name}`
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(ts|tsx|js|mjs|html)$/.test(name) && !/\.test\./.test(name)) files.push(path)
    }
  }
  walk(`${ROOT}src`)
  walk(`${ROOT}supabase/functions`)
  return files
}

/**
 * The functions the app calls: the first string argument of a call to anything named like a call
 * or an rpc (`call('get_site', …)`, `backend.rpc('put_media_object', …)`, `rpcOrCode(deps,
 * 'claim_email_sends', …)`), and the name in a raw `/rest/v1/rpc/<name>` address.
 */
function appCalls(): string[] {
  const names = new Set<string>()
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(
      /\b\w*(?:rpc|call)\w*(?:<[^>(]*>)?\(\s*(?:\w+,\s*)?['"`]([a-z_]+)['"`]/g,
    ))
      names.add(match[1]!)
    for (const match of text.matchAll(/rest\/v1\/rpc\/([a-z_]+)/g)) names.add(match[1]!)
  }
  return [...names].sort()
}

/** The schemas PostgREST exposes, from supabase/config.toml's [api] section. */
function exposedSchemas(): string[] {
  const config = readFileSync(`${ROOT}supabase/config.toml`, 'utf8')
  const api = config.slice(config.indexOf('[api]'))
  const line = /^schemas\s*=\s*\[([^\]]*)\]/m.exec(api)
  return [...(line?.[1] ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!)
}

/** The calls a visitor who is not signed in makes (guests on a wedding's site and invitation). */
const VISITOR_CALLS = [
  'get_link_preview',
  'get_media_object',
  'get_rsvp',
  'get_site',
  'open_invitation',
  'search_persons',
  'submit_rsvp',
]

/** The helpers the Data API offered before 0030 although the app never called them. */
const MOVED_HELPERS = [
  'can',
  'can_manage',
  'can_see_household',
  'household_last_changes',
  'media_readable',
  'my_membership',
  'slug_status',
  'unique_wedding_slug',
]

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

async function executable(role: 'anon' | 'authenticated', schemas: string[]) {
  const { rows } = await t.asOwner<{ name: string; definer: boolean }>(
    `select distinct p.proname as name, p.prosecdef as definer
     from pg_catalog.pg_proc p
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any ($1::text[]) and has_function_privilege($2, p.oid, 'execute')
     order by 1`,
    [schemas, role],
  )
  return rows
}

describe('the Data API offers exactly the calls the app makes', () => {
  test('the source reading finds the calls (a sanity check of the reading itself)', () => {
    const calls = appCalls()
    expect(calls).toEqual(
      expect.arrayContaining([
        ...VISITOR_CALLS,
        'create_my_wedding',
        'claim_email_sends',
        'record_invitation',
      ]),
    )
    expect(calls.length).toBeGreaterThan(40)
  })

  test('only kasalan is exposed from the app schemas, and kasalan_private is not', () => {
    const schemas = exposedSchemas()
    expect(schemas).toContain('kasalan')
    expect(schemas).not.toContain('kasalan_private')
  })

  test('authenticated may execute in kasalan exactly the functions the app calls', async () => {
    expect((await executable('authenticated', ['kasalan'])).map((f) => f.name)).toEqual(appCalls())
  })

  test("anon may execute in kasalan only the app's calls, every visitor call among them, each security definer", async () => {
    const anon = await executable('anon', ['kasalan'])
    const calls = appCalls()
    expect(anon.map((f) => f.name).filter((name) => !calls.includes(name))).toEqual([])
    expect(anon.map((f) => f.name)).toEqual(expect.arrayContaining(VISITOR_CALLS))
    // A visitor has no rights on any table: a call of theirs works only as a checked definer.
    expect(anon.filter((f) => !f.definer).map((f) => f.name)).toEqual([])
  })

  test("splinter's check: no security definer function an API role may execute in an exposed schema but the app's calls", async () => {
    const calls = appCalls()
    for (const role of ['anon', 'authenticated'] as const) {
      const definers = (await executable(role, exposedSchemas()))
        .filter((f) => f.definer)
        .map((f) => f.name)
      expect(
        definers.filter((name) => !calls.includes(name)),
        role,
      ).toEqual([])
    }
  })
})

describe('the helpers, out of the API', () => {
  test('live in kasalan_private, none left in kasalan', async () => {
    const { rows } = await t.asOwner<{ name: string; schema: string }>(
      `select distinct p.proname as name, p.pronamespace::regnamespace::text as schema
       from pg_catalog.pg_proc p
       where p.proname = any ($1::text[]) and p.pronamespace in ('kasalan'::regnamespace, 'kasalan_private'::regnamespace)
       order by 1, 2`,
      [MOVED_HELPERS],
    )
    expect(rows).toEqual(MOVED_HELPERS.map((name) => ({ name, schema: 'kasalan_private' })))
  })

  test('nothing in kasalan still calls a helper by its old name', async () => {
    const { rows } = await t.asOwner<{ name: string }>(
      `select p.oid::regprocedure::text as name from pg_catalog.pg_proc p
       where p.pronamespace in ('kasalan'::regnamespace, 'kasalan_private'::regnamespace)
         and p.prosrc ~ ('\\mkasalan\\.(' || array_to_string($1::text[], '|') || ')\\(')`,
      [MOVED_HELPERS],
    )
    expect(rows).toEqual([])
  })

  test('a row policy still reaches them: the couple reads their households, a stranger none, a visitor nothing', async () => {
    const couple = await t.couple()
    const stranger = await t.couple()
    const household = (await t.rpc(couple.claims, 'save_household', {
      p_wedding_id: couple.wedding.id,
      p_household: { persons: [{ firstName: 'Lakan' }] },
    })) as { id: string }
    const read = (claims: typeof couple.claims) =>
      t.asRole<{ id: string }>(
        'authenticated',
        claims,
        'select id from kasalan.households where wedding_id = $1',
        [couple.wedding.id],
      )
    expect((await read(couple.claims)).rows).toEqual([{ id: household.id }])
    expect((await read(stranger.claims)).rows).toEqual([])
    await expect(t.asRole('anon', null, 'select id from kasalan.households')).rejects.toMatchObject(
      { code: '42501' },
    )
  })

  test('a visitor may use no helper directly, and a signed-in user only those their own policies run', async () => {
    await expect(
      t.asRole(
        'anon',
        null,
        "select kasalan_private.can('5eed0000-0000-4000-8000-000000000002', 'view')",
      ),
    ).rejects.toMatchObject({
      code: '42501',
    })
    const { claims } = await t.couple()
    await expect(
      t.asRole('authenticated', claims, "select kasalan_private.unique_wedding_slug('A', 'B')"),
    ).rejects.toMatchObject({
      code: '42501',
    })
  })
})
