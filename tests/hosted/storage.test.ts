// Storage's object endpoints as the Storage API documents them (https://supabase.github.io/storage/,
// https://supabase.com/docs/guides/storage/debugging/error-codes), with the project's own bucket and
// policies (supabase/migrations/0008_media.sql) deciding who may do what, in PostgreSQL.
import { beforeAll, describe, expect, test } from 'vitest'
import { call, confirmedUser, couple, hosted, rpc } from './support'

// A 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

let owner: Awaited<ReturnType<typeof couple>>
let stranger: Awaited<ReturnType<typeof confirmedUser>>

beforeAll(async () => {
  ;[owner, stranger] = await Promise.all([
    couple('storage-owner'),
    confirmedUser('storage-stranger'),
  ])
})

const upload = (
  path: string,
  token: string | undefined,
  body: Uint8Array<ArrayBuffer> = new Uint8Array(png),
  headers: Record<string, string> = {},
) =>
  call<{ Key?: string; Id?: string; statusCode?: string; error?: string; message?: string }>(
    `/storage/v1/object/site-media/${path}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', 'x-upsert': 'false', ...headers },
      body,
      ...(token ? { token } : {}),
    },
  )

const sign = (paths: string[], token?: string) =>
  call<Array<{ path: string; signedURL: string | null; error: string | null }>>(
    '/storage/v1/object/sign/site-media',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60, paths }),
      ...(token ? { token } : {}),
    },
  )

describe('upload: POST /object/{bucket}/{path}', () => {
  test("the couple uploads into their wedding's folder; the answer names the key", async () => {
    const answer = await upload(`${owner.wedding.id}/hero.png`, owner.session.access_token)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      Key: `site-media/${owner.wedding.id}/hero.png`,
      Id: expect.any(String),
    })
  })

  test('the same key again is 409 Duplicate, unless x-upsert', async () => {
    const path = `${owner.wedding.id}/twice.png`
    expect((await upload(path, owner.session.access_token)).status).toBe(200)
    const again = await upload(path, owner.session.access_token)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ statusCode: '409', error: 'Duplicate' })
    expect(
      (await upload(path, owner.session.access_token, png, { 'x-upsert': 'true' })).status,
    ).toBe(200)
  })

  test("someone else, or a visitor, may not write into the wedding's folder: the insert policy refuses (403)", async () => {
    for (const token of [stranger.session.access_token, undefined]) {
      const answer = await upload(`${owner.wedding.id}/intruder.png`, token)
      expect(answer.status).toBe(403)
      expect(answer.body).toMatchObject({
        statusCode: '403',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
      })
    }
  })

  test("the bucket's limits: a type it does not allow is 415, a file over its size 413", async () => {
    const gif = await upload(`${owner.wedding.id}/a.gif`, owner.session.access_token, png, {
      'Content-Type': 'image/gif',
    })
    expect(gif.status).toBe(415)
    expect(gif.body).toMatchObject({ error: 'invalid_mime_type' })
    const big = await upload(
      `${owner.wedding.id}/big.png`,
      owner.session.access_token,
      new Uint8Array(2 * 1024 * 1024 + 1),
    )
    expect(big.status).toBe(413)
  })

  test('a multipart form, as storage-js sends a Blob, is stored with the file part as content', async () => {
    const form = new FormData()
    form.append('cacheControl', '3600')
    form.append('', new Blob([png], { type: 'image/png' }), 'form.png')
    const answer = await call(`/storage/v1/object/site-media/${owner.wedding.id}/form.png`, {
      method: 'POST',
      body: form,
      token: owner.session.access_token,
    })
    expect(answer.status).toBe(200)
    const read = await fetch(
      `${hosted().url}/storage/v1/object/authenticated/site-media/${owner.wedding.id}/form.png`,
      {
        headers: { Authorization: `Bearer ${owner.session.access_token}` },
      },
    )
    expect(read.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await read.arrayBuffer())).toEqual(png)
  })
})

describe('signed addresses: POST /object/sign/{bucket}[/{path}], GET /object/sign/{bucket}/{path}?token=', () => {
  test('the couple signs their unpublished photo; the address serves its bytes and type to anyone', async () => {
    const path = `${owner.wedding.id}/signed.png`
    await upload(path, owner.session.access_token)
    const answer = await sign([path], owner.session.access_token)
    expect(answer.status).toBe(200)
    const [item] = answer.body
    expect(item).toMatchObject({
      path,
      error: null,
      signedURL: expect.stringMatching(/^\/object\/sign\/site-media\/.+\?token=/),
    })
    const fetched = await fetch(`${hosted().url}/storage/v1${item!.signedURL}`)
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(png)

    const single = await call<{ signedURL: string }>(`/storage/v1/object/sign/site-media/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60 }),
      token: owner.session.access_token,
    })
    expect(single.body.signedURL).toMatch(/\?token=/)
  })

  test('a tampered token, or one for another path, serves nothing (400)', async () => {
    const path = `${owner.wedding.id}/tamper.png`
    await upload(path, owner.session.access_token)
    const [item] = (await sign([path], owner.session.access_token)).body
    const tampered = await fetch(`${hosted().url}/storage/v1${item!.signedURL!.slice(0, -2)}xx`)
    expect(tampered.status).toBe(400)
    const elsewhere = await fetch(
      `${hosted().url}/storage/v1${item!.signedURL!.replace('tamper.png', 'hero.png')}`,
    )
    expect(elsewhere.status).toBe(400)
  })

  test('a visitor may sign a photo only once the site is published: the read policy decides', async () => {
    const path = `${owner.wedding.id}/public-later.png`
    await upload(path, owner.session.access_token)
    expect((await sign([path])).body).toEqual([
      {
        path,
        signedURL: null,
        error: 'Either the object does not exist or you do not have access to it',
      },
    ])
    expect((await sign([path], stranger.session.access_token)).body[0]!.signedURL).toBeNull()
    const published = await rpc(
      'set_wedding_published',
      { p_wedding_id: owner.wedding.id, p_published: true },
      owner.session.access_token,
    )
    expect(published.status).toBe(200)
    expect((await sign([path])).body[0]!.signedURL).toEqual(expect.any(String))
    await rpc(
      'set_wedding_published',
      { p_wedding_id: owner.wedding.id, p_published: false },
      owner.session.access_token,
    )
  })
})

describe('downloads and removal', () => {
  test('GET /object/authenticated: the couple reads their photo, a stranger gets 404; the private bucket has no public address', async () => {
    const path = `${owner.wedding.id}/private.png`
    await upload(path, owner.session.access_token)
    const base = `${hosted().url}/storage/v1/object`
    expect(
      (
        await fetch(`${base}/authenticated/site-media/${path}`, {
          headers: { Authorization: `Bearer ${owner.session.access_token}` },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await fetch(`${base}/authenticated/site-media/${path}`, {
          headers: { Authorization: `Bearer ${stranger.session.access_token}` },
        })
      ).status,
    ).toBe(404)
    expect((await fetch(`${base}/public/site-media/${path}`)).status).toBe(400)
  })

  test('DELETE /object/{bucket} with prefixes: a stranger removes nothing; the couple removes their own, and its address stops serving', async () => {
    const path = `${owner.wedding.id}/remove-me.png`
    await upload(path, owner.session.access_token)
    const [item] = (await sign([path], owner.session.access_token)).body
    const remove = (token: string) =>
      call<Array<{ name: string }>>('/storage/v1/object/site-media', {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ prefixes: [path] }),
        token,
      })
    const byStranger = await remove(stranger.session.access_token)
    expect(byStranger.status).toBe(200)
    expect(byStranger.body).toEqual([])
    expect((await fetch(`${hosted().url}/storage/v1${item!.signedURL}`)).status).toBe(200)
    const byOwner = await remove(owner.session.access_token)
    expect(byOwner.body.map((row) => row.name)).toEqual([path])
    expect((await fetch(`${hosted().url}/storage/v1${item!.signedURL}`)).status).toBe(404)
  })

  test('POST /object/list/{bucket}: the couple lists their folder; a stranger lists nothing of it', async () => {
    const list = (token: string) =>
      call<Array<{ name: string }>>('/storage/v1/object/list/site-media', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ prefix: owner.wedding.id, limit: 100, offset: 0 }),
        token,
      })
    await upload(`${owner.wedding.id}/listed.png`, owner.session.access_token)
    expect((await list(owner.session.access_token)).body.map((item) => item.name)).toContain(
      'listed.png',
    )
    expect((await list(stranger.session.access_token)).body).toEqual([])
  })
})
