// Accounts and their weddings, through the calls the app makes: the embedded adapter's sign-up and
// sign-in (auth.local_*), then create_my_wedding / get_my_wedding as the new user. A couple gets
// exactly one wedding, with the default sections and a slug no other couple has.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { localAuth, type Claims } from '../../src/lib/backend/local/engine'
import { createTestDb, type TestDb } from './harness'

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

interface WeddingJson {
  id: string
  userId: string
  slug: string
  title: string
  bride: { firstName: string; lastName: string }
  groom: { firstName: string; lastName: string }
  date: string | null
  isPublished: boolean
  sections: {
    type: string
    title: string
    path: string
    visible: boolean
    orderIndex: number
    data: Record<string, unknown>
  }[]
}

let emailCount = 0
const newEmail = (label = 'couple') => `${label}-${++emailCount}-${Date.now()}@example.com`

/** What the sign-up page sends: the account with the couple in its metadata, then the wedding. */
async function signUpCouple(
  bride: { firstName: string; lastName: string },
  groom: { firstName: string; lastName: string },
  weddingDate: string | null,
) {
  const email = newEmail()
  const metadata = { name: `${bride.firstName} & ${groom.firstName}`, bride, groom, weddingDate }
  const user = await localAuth(t.db, 'signUp', email, 'sampaguita-2027', metadata)
  const claims: NonNullable<Claims> = { sub: user.id, email: user.email, role: 'authenticated' }
  const wedding = (await t.rpc(claims, 'create_my_wedding', {
    p_bride: bride,
    p_groom: groom,
    p_date: weddingDate,
  })) as WeddingJson
  return { user, claims, wedding, email }
}

async function weddingCount(userId: string) {
  const { rows } = await t.asOwner<{ n: number }>(
    'select count(*)::int as n from kasalan.weddings where user_id = $1',
    [userId],
  )
  return rows[0]!.n
}

describe('a new couple', () => {
  test('has no wedding until it is created, then exactly one, however often it is asked for', async () => {
    const email = newEmail()
    const user = await localAuth(t.db, 'signUp', email, 'sampaguita-2027', {})
    const claims: NonNullable<Claims> = { sub: user.id, email, role: 'authenticated' }
    expect(await t.rpc(claims, 'get_my_wedding')).toBeNull()

    const args = {
      p_bride: { firstName: 'Rosa', lastName: 'Bautista' },
      p_groom: { firstName: 'Leo', lastName: 'Garcia' },
      p_date: '2027-06-12',
    }
    const first = (await t.rpc(claims, 'create_my_wedding', args)) as WeddingJson
    // Sign-up's call and the first visit's call both ask; the second gets the same wedding.
    const again = (await t.rpc(claims, 'create_my_wedding', {
      ...args,
      p_bride: { firstName: 'Someone', lastName: 'Else' },
    })) as WeddingJson
    expect(again.id).toBe(first.id)
    expect(again.bride.firstName).toBe('Rosa')
    expect(((await t.rpc(claims, 'get_my_wedding')) as WeddingJson).id).toBe(first.id)
    expect(await weddingCount(user.id)).toBe(1)
    expect(first.userId).toBe(user.id)
  })

  test('gets the default sections, in order, with their Filipino titles', async () => {
    const { wedding } = await signUpCouple(
      { firstName: 'Carla', lastName: 'Mendoza' },
      { firstName: 'Paolo', lastName: 'Tan' },
      null,
    )
    expect(
      wedding.sections.map(({ type, visible, orderIndex }) => ({ type, visible, orderIndex })),
    ).toEqual([
      { type: 'home', visible: true, orderIndex: 0 },
      { type: 'our-story', visible: false, orderIndex: 1 },
      { type: 'schedule', visible: true, orderIndex: 2 },
      { type: 'travel', visible: true, orderIndex: 3 },
      { type: 'wedding-party', visible: true, orderIndex: 4 },
      { type: 'gallery', visible: false, orderIndex: 5 },
      { type: 'things-to-do', visible: true, orderIndex: 6 },
      { type: 'registry', visible: true, orderIndex: 7 },
      { type: 'faqs', visible: true, orderIndex: 8 },
      { type: 'rsvp', visible: true, orderIndex: 9 },
    ])
    const titles = Object.fromEntries(
      wedding.sections.map((section) => [section.type, section.title]),
    )
    expect(titles).toMatchObject({
      schedule: 'Pagtitipon',
      travel: 'Tuluyan',
      gallery: 'Larawan',
      'things-to-do': 'Pasyalan at Kainan',
      registry: 'Handog',
      faqs: 'Katanungan',
      rsvp: 'RSVP',
    })
    expect(wedding.sections.every((section) => section.path === section.type)).toBe(true)
    const { rows } = await t.asOwner<{ n: number }>(
      'select count(*)::int as n from kasalan.sections where wedding_id = $1',
      [wedding.id],
    )
    expect(rows[0]!.n).toBe(10)
    expect(wedding.isPublished).toBe(false)
  })

  test('keeps the names as typed and the date as YYYY-MM-DD, or null while still deciding', async () => {
    const dated = await signUpCouple(
      { firstName: 'maria clara', lastName: 'dela cruz' },
      { firstName: 'juan', lastName: 'reyes' },
      '2027-02-14',
    )
    expect(dated.wedding.bride).toEqual({ firstName: 'maria clara', lastName: 'dela cruz' })
    expect(dated.wedding.groom).toEqual({ firstName: 'juan', lastName: 'reyes' })
    expect(dated.wedding.date).toBe('2027-02-14')
    const home = dated.wedding.sections.find((section) => section.type === 'home')!
    expect(home.data).toMatchObject({
      bride: dated.wedding.bride,
      groom: dated.wedding.groom,
      wedding: { date: '2027-02-14' },
    })

    const deciding = await signUpCouple(
      { firstName: 'Ana', lastName: 'Lim' },
      { firstName: 'Ben', lastName: 'Go' },
      null,
    )
    expect(deciding.wedding.date).toBeNull()
  })

  test('two couples with the same names get different slugs', async () => {
    const a = await signUpCouple(
      { firstName: 'Liwayway', lastName: 'Santos' },
      { firstName: 'Dakila', lastName: 'Cruz' },
      null,
    )
    const b = await signUpCouple(
      { firstName: 'Liwayway', lastName: 'Reyes' },
      { firstName: 'Dakila', lastName: 'Ramos' },
      null,
    )
    const c = await signUpCouple(
      { firstName: 'liwayway', lastName: 'Uy' },
      { firstName: 'DAKILA', lastName: 'Sy' },
      null,
    )
    expect(a.wedding.slug).toBe('liwayway-and-dakila')
    expect(b.wedding.slug).toBe('liwayway-and-dakila-2')
    expect(c.wedding.slug).toBe('liwayway-and-dakila-3')
    const { rows } = await t.asOwner<{ n: number }>(
      "select count(distinct slug)::int as n from kasalan.weddings where slug like 'liwayway-and-dakila%'",
    )
    expect(rows[0]!.n).toBe(3)
  })

  test('slugs are readable: accents dropped, spaces as dashes', async () => {
    const { wedding } = await signUpCouple(
      { firstName: 'María Niña', lastName: 'Peña' },
      { firstName: 'José', lastName: 'Ibañez' },
      null,
    )
    expect(wedding.slug).toMatch(/^maria-nina-and-jose(-\d+)?$/)
  })

  test('a wedding needs all four names', async () => {
    const user = await localAuth(t.db, 'signUp', newEmail(), 'sampaguita-2027', {})
    const claims: NonNullable<Claims> = { sub: user.id, email: user.email, role: 'authenticated' }
    await expect(
      t.rpc(claims, 'create_my_wedding', {
        p_bride: { firstName: 'Ana', lastName: ' ' },
        p_groom: { firstName: 'Ben', lastName: 'Go' },
        p_date: null,
      }),
    ).rejects.toMatchObject({ message: 'invalid_input' })
    expect(await weddingCount(user.id)).toBe(0)
  })

  test("one couple never sees another's wedding, and a visitor cannot create one", async () => {
    const a = await signUpCouple(
      { firstName: 'Tala', lastName: 'Aquino' },
      { firstName: 'Bayani', lastName: 'Luna' },
      null,
    )
    const b = await signUpCouple(
      { firstName: 'Mayumi', lastName: 'Rizal' },
      { firstName: 'Lakan', lastName: 'Bonifacio' },
      null,
    )
    expect(((await t.rpc(b.claims, 'get_my_wedding')) as WeddingJson).id).toBe(b.wedding.id)
    expect(((await t.rpc(a.claims, 'get_my_wedding')) as WeddingJson).id).toBe(a.wedding.id)
    await expect(
      t.rpc(null, 'create_my_wedding', {
        p_bride: { firstName: 'X', lastName: 'Y' },
        p_groom: { firstName: 'Z', lastName: 'W' },
        p_date: null,
      }),
    ).rejects.toThrow()
    await expect(t.rpc(null, 'get_my_wedding')).rejects.toThrow()
  })
})

describe('local accounts (the embedded adapter)', () => {
  test('keeps the couple in the account metadata, for creating the wedding later', async () => {
    const { user } = await signUpCouple(
      { firstName: 'maria', lastName: 'santos' },
      { firstName: 'juan', lastName: 'reyes' },
      '2027-12-12',
    )
    expect(user.userMetadata).toEqual({
      name: 'maria & juan',
      bride: { firstName: 'maria', lastName: 'santos' },
      groom: { firstName: 'juan', lastName: 'reyes' },
      weddingDate: '2027-12-12',
    })
    const again = await localAuth(t.db, 'getUser', user.id)
    expect(again?.userMetadata).toEqual(user.userMetadata)
  })

  test('sign-in checks the password; e-mail is case-insensitive', async () => {
    const email = newEmail('SignIn')
    const user = await localAuth(t.db, 'signUp', email, 'sampaguita-2027', {})
    expect(user.email).toBe(email.toLowerCase())
    const signedIn = await localAuth(t.db, 'signIn', ` ${email.toUpperCase()} `, 'sampaguita-2027')
    expect(signedIn.id).toBe(user.id)
    await expect(localAuth(t.db, 'signIn', email, 'Sampaguita-2027')).rejects.toMatchObject({
      message: 'invalid_credentials',
    })
    await expect(
      localAuth(t.db, 'signIn', newEmail('nobody'), 'sampaguita-2027'),
    ).rejects.toMatchObject({
      message: 'invalid_credentials',
    })
  })

  test('refuses a second account for an e-mail, a short password and a malformed e-mail', async () => {
    const email = newEmail()
    await localAuth(t.db, 'signUp', email, 'sampaguita-2027', {})
    await expect(
      localAuth(t.db, 'signUp', email.toUpperCase(), 'another-password', {}),
    ).rejects.toMatchObject({
      message: 'user_already_exists',
    })
    await expect(localAuth(t.db, 'signUp', newEmail(), '1234567', {})).rejects.toMatchObject({
      message: 'weak_password',
    })
    await expect(
      localAuth(t.db, 'signUp', 'not an email', 'sampaguita-2027', {}),
    ).rejects.toMatchObject({
      message: 'invalid_email',
    })
  })

  test('a new password replaces the old one', async () => {
    const email = newEmail()
    const user = await localAuth(t.db, 'signUp', email, 'sampaguita-2027', {})
    await localAuth(t.db, 'updatePassword', user.id, 'ilang-ilang-2028')
    await expect(localAuth(t.db, 'signIn', email, 'sampaguita-2027')).rejects.toMatchObject({
      message: 'invalid_credentials',
    })
    expect((await localAuth(t.db, 'signIn', email, 'ilang-ilang-2028')).id).toBe(user.id)
    await expect(localAuth(t.db, 'updatePassword', user.id, 'short')).rejects.toMatchObject({
      message: 'weak_password',
    })
  })
})
