// Makes tests/fixtures/upgrade-0031.tgz: an embedded database as a browser holds it after applying
// the migrations of the time (0001_kasalan_core … 0031_member_views), with one couple's wedding in
// it. The upgrade test (tests/db/upgrade.test.ts) opens it with today's migrations and checks that
// the wedding survives. Run from a checkout whose supabase/migrations are the old ones:
//   npx tsx scripts/make-upgrade-fixture.ts [out.tgz]
// It prints the ids the test looks for into the fixture's companion JSON.
import { writeFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { bootstrap, callRpc, localAuth, type Claims } from '../src/lib/backend/local/engine.ts'
import { readSqlSources } from './lib/seed-data-dir.ts'

const out = process.argv[2] ?? 'tests/fixtures/upgrade-0031.tgz'

const db = await PGlite.create({ extensions: { pgcrypto, unaccent, pg_trgm } })
await bootstrap(db, readSqlSources())
const rpc = (claims: Claims, name: string, args: Record<string, unknown> = {}) =>
  callRpc(db, claims, name, args)
const user = async (email: string) => {
  const u = await localAuth(db, 'signUp', email, 'correct horse')
  return { sub: u.id, email: u.email, role: 'authenticated' as const }
}

const couple = await user('corazon@example.com')
const wedding = (await rpc(couple, 'create_my_wedding', {
  p_bride: { firstName: 'Corazon', lastName: 'dela Peña' },
  p_groom: { firstName: 'Emilio', lastName: 'Aguinaldo' },
  p_date: '2027-02-14',
})) as { id: string; slug: string }
await rpc(couple, 'update_rsvp_settings', {
  p_wedding_id: wedding.id,
  p_deadline: '2030-01-31',
  p_questions: [{ id: 'meal', kind: 'choice', question: 'Ulam?', options: ['Manok', 'Isda'] }],
})
await rpc(couple, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
const { sections } = (await rpc(couple, 'get_my_wedding')) as {
  sections: { id: string; type: string }[]
}
await rpc(couple, 'save_section_content', {
  p_section_id: sections.find((s) => s.type === 'faqs')!.id,
  p_title: 'Mga Tanong',
  p_data: { faqs: [{ question: 'Dress code?', answer: 'Barong' }] },
})
// The first address becomes an old one that still leads to the site.
const oldSlug = wedding.slug
await rpc(couple, 'change_wedding_slug', { p_wedding_id: wedding.id, p_slug: 'corazon-at-emilio' })

type Household = { id: string; persons: { id: string; firstName: string }[] }
const nino = (await rpc(couple, 'save_household', {
  p_wedding_id: wedding.id,
  p_household: {
    email: 'nino@example.com',
    relationshipSide: 'bride',
    relationshipType: 'family',
    persons: [
      { firstName: 'Ñino', lastName: 'dela Peña', title: 'G.' },
      { firstName: 'Ana', lastName: 'dela Peña', type: 'child' },
    ],
  },
})) as Household
const jose = (await rpc(couple, 'save_household', {
  p_wedding_id: wedding.id,
  p_household: {
    phone: '+63 917 000 0000',
    relationshipSide: 'groom',
    persons: [{ firstName: 'Jose', lastName: 'Rizal', suffix: 'Jr.' }],
  },
})) as Household
await rpc(null, 'submit_rsvp', {
  p_guest_id: nino.id,
  p_person_id: nino.persons[0]!.id,
  p_answers: [
    {
      personId: nino.persons[0]!.id,
      isAttending: true,
      response: [{ questionId: 'meal', answer: 'Isda' }],
    },
    { personId: nino.persons[1]!.id, isAttending: false },
  ],
  p_message: 'Salamat po!',
})
await rpc(couple, 'record_rsvp', {
  p_wedding_id: wedding.id,
  p_person_id: jose.persons[0]!.id,
  p_is_attending: true,
  p_response: [{ questionId: 'meal', answer: 'Manok' }],
})
await rpc(couple, 'save_seating_layout', {
  p_wedding_id: wedding.id,
  p_layout: {
    tables: [{ id: 't1', name: 'Mesa 1', x: 100, y: 100, width: 120, height: 120, type: 'round' }],
    seats: [
      { id: 's1', tableId: 't1', x: 0, y: -60, guestId: nino.id, personId: nino.persons[0]!.id },
    ],
  },
  p_base_updated_at: '-infinity',
})
await rpc(couple, 'record_invitation', {
  p_wedding_id: wedding.id,
  p_guest_ids: [nino.id],
  p_channel: 'viber',
  p_kind: 'invitation',
})
const invitation = (await rpc(couple, 'create_member_invitation', {
  p_wedding_id: wedding.id,
  p_role: 'coordinator',
  p_side: null,
  p_email: null,
})) as { token: string }
const coordinator = await user('tita@example.com')
await rpc(coordinator, 'accept_member_invitation', {
  p_token: invitation.token,
  p_display_name: 'Tita Baby',
})

// As the seed's data directory is made: a browser's directory has no template databases.
for (const template of ['template0', 'template1']) {
  await db.exec(`alter database ${template} is_template false`)
  await db.exec(`drop database ${template}`)
}
await db.exec('checkpoint')
const dump = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer())
writeFileSync(out, dump)
const facts = {
  coupleEmail: couple.email,
  password: 'correct horse',
  coordinatorEmail: coordinator.email,
  weddingId: wedding.id,
  slug: 'corazon-at-emilio',
  oldSlug,
  households: [nino.id, jose.id],
  persons: [...nino.persons, ...jose.persons].map((p) => p.id),
}
writeFileSync(out.replace(/\.tgz$/, '.json'), `${JSON.stringify(facts, null, 2)}\n`)
const { rows } = await db.query<{ version: string }>(
  'select version from kasalan_local.applied_versions order by 1',
)
console.log(`${out}: ${dump.length} bytes; versions ${rows.map((r) => r.version).join(', ')}`)
await db.close()
