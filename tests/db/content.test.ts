// Site content (0008): one section's content saved by its couple only, checked by type and size,
// embeds reduced to an allowed player, and a save that would overwrite a newer change refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Claims } from '../../src/lib/backend/local/engine'
import { sectionShapes } from '../../src/lib/site-content/shapes'
import { createTestDb, DEMO, DEMO_CLAIMS, readDemoContent, type TestDb } from './harness'

interface SectionContent {
  section: {
    id: string
    type: string
    title: string
    data: Record<string, unknown>
    orderIndex: number
    visible: boolean
  }
  contentUpdatedAt: string
}

let t: TestDb

beforeAll(async () => {
  t = await createTestDb()
})

afterAll(async () => {
  await t?.close()
})

const getContent = (claims: Claims, sectionId: string) =>
  t.rpc(claims, 'get_section_content', { p_section_id: sectionId }) as Promise<SectionContent>
const save = (
  claims: Claims,
  sectionId: string,
  title: string | null,
  data: unknown,
  base: string | null = null,
) =>
  t.rpc(claims, 'save_section_content', {
    p_section_id: sectionId,
    p_title: title,
    p_data: data,
    p_base_content_updated_at: base,
  }) as Promise<SectionContent>

async function coupleWithSection(type: string) {
  const { claims, wedding } = await t.couple()
  const sections = wedding.sections as unknown as { id: string; type: string }[]
  const section = sections.find((candidate) => candidate.type === type)!
  return { claims, wedding, section }
}

describe('the database holds the same shapes as the app', () => {
  test('kasalan.section_shape matches src/lib/site-content/shapes.ts for every type', async () => {
    for (const [type, shape] of Object.entries(sectionShapes)) {
      const { rows } = await t.asOwner<{ shape: unknown }>(
        'select kasalan_private.section_shape($1) as shape',
        [type],
      )
      expect(rows[0]?.shape, type).toEqual(shape)
    }
  })

  test('the demo wedding’s content passes the database’s check', async () => {
    for (const section of readDemoContent().sections) {
      const { rows } = await t.asOwner<{ problem: string | null }>(
        'select kasalan_private.section_data_problem($1, $2) as problem',
        [section.type, JSON.stringify(section.data)],
      )
      expect(rows[0]?.problem, section.type).toBeNull()
    }
  })
})

describe('kasalan.save_section_content', () => {
  test('the couple saves a section’s title and data; order, visibility and path stay as they were', async () => {
    const { claims, section } = await coupleWithSection('schedule')
    const before = await getContent(claims, section.id)
    const data = {
      header: { description: 'Narito ang takbo ng araw.' },
      events: [
        {
          name: 'Seremonya',
          type: 'ceremony',
          date: '2027-02-14',
          startTime: '15:00',
          endTime: '16:00',
        },
      ],
      dressCode: { palette: [{ name: 'Sage', hex: '#9caf88' }] },
    }
    const saved = await save(claims, section.id, '  Ang Aming Araw ', data, before.contentUpdatedAt)
    expect(saved.section).toMatchObject({
      title: 'Ang Aming Araw',
      data,
      orderIndex: before.section.orderIndex,
      visible: true,
    })
    expect(new Date(saved.contentUpdatedAt).getTime()).toBeGreaterThan(
      new Date(before.contentUpdatedAt).getTime(),
    )
    expect(await getContent(claims, section.id)).toEqual(saved)
  })

  test('another couple and visitors can neither read nor save it', async () => {
    const { section } = await coupleWithSection('faqs')
    const other = await t.couple('Ella', 'Fred')
    await expect(getContent(other.claims, section.id)).rejects.toMatchObject({
      message: 'section_not_found',
    })
    await expect(save(other.claims, section.id, 'x', {})).rejects.toMatchObject({
      message: 'section_not_found',
    })
    await expect(save(DEMO_CLAIMS, section.id, 'x', {})).rejects.toMatchObject({
      message: 'section_not_found',
    })
    await expect(save(null, section.id, 'x', {})).rejects.toMatchObject({ code: '42501' })
    await expect(getContent(null, section.id)).rejects.toMatchObject({ code: '42501' })
    await expect(
      save(other.claims, '00000000-0000-4000-8000-000000000000', 'x', {}),
    ).rejects.toMatchObject({
      message: 'section_not_found',
    })
  })

  test('a change made since the editor loaded is never overwritten; the builder’s reorder is not a change', async () => {
    const { claims, wedding, section } = await coupleWithSection('faqs')
    const loaded = await getContent(claims, section.id)
    // Another device saves first.
    await save(
      claims,
      section.id,
      'Katanungan',
      { faqs: [{ question: 'Saan?' }] },
      loaded.contentUpdatedAt,
    )
    await expect(
      save(
        claims,
        section.id,
        'Katanungan',
        { faqs: [{ question: 'Kailan?' }] },
        loaded.contentUpdatedAt,
      ),
    ).rejects.toMatchObject({ message: 'section_content_conflict' })
    expect((await getContent(claims, section.id)).section.data).toEqual({
      faqs: [{ question: 'Saan?' }],
    })

    // The builder moves and hides sections: the content's version stays.
    const current = await getContent(claims, section.id)
    const { sections, theme } = (await t.rpc(claims, 'get_my_wedding')) as {
      sections: { id: string; type: string; label: string; path: string }[]
      theme: unknown
    }
    const all = sections.map(({ id, type, label, path }) => ({
      id,
      type,
      label,
      path,
      visible: type !== 'faqs',
    }))
    await t.rpc(claims, 'save_site_structure', {
      p_wedding_id: wedding.id,
      p_sections: all.reverse(),
      p_theme: theme,
    })
    const moved = await getContent(claims, section.id)
    expect(moved.contentUpdatedAt).toBe(current.contentUpdatedAt)
    expect(moved.section.visible).toBe(false)
    await expect(
      save(claims, section.id, 'Mga Tanong', moved.section.data, moved.contentUpdatedAt),
    ).resolves.toMatchObject({
      section: { title: 'Mga Tanong', visible: false },
    })
  })

  test('data is checked by its type and size, with stable codes', async () => {
    const { claims, section } = await coupleWithSection('schedule')
    const refusal = (data: unknown, title = 'x') =>
      save(claims, section.id, title, data).catch((error: Error & { detail?: string }) => error)

    expect(await refusal({ events: [{ startTime: '3pm' }] })).toMatchObject({
      message: 'section_data_invalid',
    })
    expect(await refusal({ events: [{ name: 'x'.repeat(201) }] })).toMatchObject({
      message: 'section_data_invalid',
    })
    expect(await refusal({ events: 'none' })).toMatchObject({ message: 'section_data_invalid' })
    expect(await refusal({ guests: [] })).toMatchObject({ message: 'section_data_invalid' })
    expect(
      await refusal({ events: Array.from({ length: 101 }, () => ({ name: 'a' })) }),
    ).toMatchObject({ message: 'section_data_invalid' })
    expect(await refusal({ events: [{ address: { url: 'javascript:alert(1)' } }] })).toMatchObject({
      message: 'section_data_invalid',
    })
    expect(
      await refusal({
        events: [{ image: { src: 'data:image/png;base64,AA', width: 1, height: 1 } }],
      }),
    ).toMatchObject({
      message: 'section_data_invalid',
    })
    expect(await refusal({ dressCode: { palette: [{ hex: 'red' }] } })).toMatchObject({
      message: 'section_data_invalid',
    })
    expect(await refusal({ header: { description: 'x'.repeat(5001) } })).toMatchObject({
      message: 'section_data_invalid',
    })
    expect(
      await refusal({ events: Array.from({ length: 100 }, () => ({ notes: 'x'.repeat(2500) })) }),
    ).toMatchObject({
      message: 'section_data_too_large',
    })
    expect(await refusal([])).toMatchObject({ message: 'invalid_input' })
    expect(await refusal({}, 'x'.repeat(201))).toMatchObject({ message: 'invalid_input' })
    // Nothing was saved by any of them.
    expect((await getContent(claims, section.id)).section.data).toEqual({})
  })

  test('hostile text is kept as text', async () => {
    const { claims, section } = await coupleWithSection('faqs')
    const hostile = '<img src=x onerror=alert(1)> <script>alert(1)</script>'
    const saved = await save(claims, section.id, hostile, {
      faqs: [{ question: hostile, answer: hostile }],
    })
    expect(saved.section.title).toBe(hostile)
    expect(saved.section.data).toEqual({ faqs: [{ question: hostile, answer: hostile }] })
  })

  test('a video embed is reduced to the allowed player; any other is refused', async () => {
    const { claims, section } = await coupleWithSection('things-to-do')
    const saved = await save(claims, section.id, '', {
      activities: [
        {
          name: 'Intramuros',
          video:
            '<iframe width="560" src="https://www.youtube.com/embed/M7lc1UVf-VE?si=abc" title="Lakad sa Intramuros" onload="alert(1)" allowfullscreen></iframe><script>alert(1)</script>',
        },
        { name: 'Vimeo', video: 'https://player.vimeo.com/video/76979871' },
        { name: 'Wala', video: '  ' },
      ],
    })
    expect(saved.section.data.activities).toEqual([
      {
        name: 'Intramuros',
        video:
          '<iframe src="https://www.youtube.com/embed/M7lc1UVf-VE?si=abc" title="Lakad sa Intramuros"></iframe>',
      },
      { name: 'Vimeo', video: '<iframe src="https://player.vimeo.com/video/76979871"></iframe>' },
      { name: 'Wala', video: null },
    ])

    for (const video of [
      '<iframe src="https://evil.example/embed/x"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>',
      '<iframe src="http://www.youtube.com/embed/x"></iframe>',
      '<script src="https://www.youtube.com/embed/x"></script>',
    ]) {
      await expect(
        save(claims, section.id, '', { activities: [{ video }] }),
        video,
      ).rejects.toMatchObject({
        message: 'video_embed_not_allowed',
      })
    }
  })

  test('a direct table write is held to the same rules', async () => {
    // Signed-in users write no table directly since 0026; the rule holds for whoever writes.
    const { section } = await coupleWithSection('faqs')
    await expect(
      t.asOwner(`update kasalan.sections set data = '{"faqs": "x"}' where id = $1`, [section.id]),
    ).rejects.toMatchObject({ message: 'section_data_invalid' })
    await expect(
      t.asOwner(
        `update kasalan.sections set data = '{"faqs": [{"question": "Q"}]}' where id = $1`,
        [section.id],
      ),
    ).resolves.toBeTruthy()
  })
})

describe('a visitor and the content', () => {
  test('a visitor never reads an unpublished wedding’s content; once published, only visible sections', async () => {
    const { claims, wedding, section } = await coupleWithSection('registry')
    await save(claims, section.id, 'Handog', { note: 'Lihim pa' })
    expect(await t.rpc(null, 'get_site', { p_slug: wedding.slug })).toBeNull()
    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
    const site = (await t.rpc(null, 'get_site', { p_slug: wedding.slug })) as {
      sections: { type: string; data: unknown }[]
    }
    expect(site.sections.find((candidate) => candidate.type === 'registry')?.data).toEqual({
      note: 'Lihim pa',
    })
  })
})

describe('photos in the embedded database', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
  const put = (
    claims: Claims,
    weddingId: string,
    path: string,
    type = 'image/png',
    content = png.toString('base64'),
  ) =>
    t.rpc(claims, 'put_media_object', {
      p_wedding_id: weddingId,
      p_path: path,
      p_content_type: type,
      p_content: content,
    })

  test('the couple stores a photo; visitors read it only once the site is published', async () => {
    const { claims, wedding } = await t.couple()
    const path = `${wedding.id}/qr-1600.png`
    expect(await put(claims, wedding.id, path)).toEqual({ path })

    expect(await t.rpc(claims, 'get_media_object', { p_path: path })).toEqual({
      contentType: 'image/png',
      content: png.toString('base64'),
    })
    expect(await t.rpc(null, 'get_media_object', { p_path: path })).toBeNull()
    const other = await t.couple('Ella', 'Fred')
    expect(await t.rpc(other.claims, 'get_media_object', { p_path: path })).toBeNull()

    await t.rpc(claims, 'set_wedding_published', { p_wedding_id: wedding.id, p_published: true })
    expect(await t.rpc(null, 'get_media_object', { p_path: path })).toMatchObject({
      contentType: 'image/png',
    })
    await expect(
      t.asRole('anon', null, 'select * from kasalan.media_objects'),
    ).rejects.toMatchObject({ code: '42501' })
  })

  test('only the couple writes, only in their folder, only images up to 2 MB', async () => {
    const { claims, wedding } = await t.couple()
    const other = await t.couple('Ella', 'Fred')
    await expect(put(other.claims, wedding.id, `${wedding.id}/a.png`)).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    await expect(put(null, wedding.id, `${wedding.id}/a.png`)).rejects.toMatchObject({
      code: '42501',
    })
    await expect(put(claims, wedding.id, `${other.wedding.id}/a.png`)).rejects.toMatchObject({
      message: 'invalid_input',
    })
    await expect(put(claims, wedding.id, `${wedding.id}/../a.png`)).rejects.toMatchObject({
      message: 'invalid_input',
    })
    await expect(
      put(claims, wedding.id, `${wedding.id}/a.svg`, 'image/svg+xml'),
    ).rejects.toMatchObject({ message: 'media_type_not_allowed' })
    const big = Buffer.alloc(2 * 1024 * 1024 + 1).toString('base64')
    await expect(
      put(claims, wedding.id, `${wedding.id}/big.png`, 'image/png', big),
    ).rejects.toMatchObject({ message: 'media_too_large' })
    await expect(
      put(claims, wedding.id, `${wedding.id}/bad.png`, 'image/png', '%%%'),
    ).rejects.toMatchObject({ message: 'invalid_input' })
  })

  test('photos the content no longer names can be found and deleted by the couple only', async () => {
    const { claims, wedding } = await t.couple()
    const sections = wedding.sections as unknown as { id: string; type: string }[]
    const registry = sections.find((section) => section.type === 'registry')!
    const kept = `${wedding.id}/kept.png`
    const dropped = `${wedding.id}/dropped.png`
    await put(claims, wedding.id, kept)
    await put(claims, wedding.id, dropped)
    await save(claims, registry.id, '', {
      paymentOptions: [{ label: 'GCash', qrImage: { src: `media:${kept}`, width: 1, height: 1 } }],
    })

    expect(await t.rpc(claims, 'media_in_use', { p_wedding_id: wedding.id })).toEqual([kept])
    const other = await t.couple('Ella', 'Fred')
    await expect(
      t.rpc(other.claims, 'media_in_use', { p_wedding_id: wedding.id }),
    ).rejects.toMatchObject({ message: 'wedding_not_found' })
    expect(
      await t.rpc(other.claims, 'delete_media_objects', {
        p_wedding_id: other.wedding.id,
        p_paths: [dropped],
      }),
    ).toBe(0)
    await expect(
      t.rpc(other.claims, 'delete_media_objects', { p_wedding_id: wedding.id, p_paths: [dropped] }),
    ).rejects.toMatchObject({
      message: 'wedding_not_found',
    })
    expect(
      await t.rpc(claims, 'delete_media_objects', { p_wedding_id: wedding.id, p_paths: [dropped] }),
    ).toBe(1)
    expect(await t.rpc(claims, 'get_media_object', { p_path: dropped })).toBeNull()
    expect(await t.rpc(claims, 'get_media_object', { p_path: kept })).not.toBeNull()
  })

  test('the demo couple’s seeded wedding is unaffected', async () => {
    expect(await t.rpc(DEMO_CLAIMS, 'media_in_use', { p_wedding_id: DEMO.weddingId })).toEqual([])
  })
})
