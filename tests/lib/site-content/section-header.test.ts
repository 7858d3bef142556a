// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { isDefaultTitle, sectionHeader } from '@/lib/site-content'

const dataHeader = {
  title: 'Mula sa data',
  description: 'Unang linya\nIkalawang linya',
  image: 'https://example.com/data.jpg',
}

describe('sectionHeader', () => {
  test('the section’s own header wins over the header in its data, field by field', () => {
    expect(
      sectionHeader({
        title: 'Sariling pamagat',
        header: { description: 'Sariling paliwanag', image: 'https://example.com/own.jpg' },
        data: { header: dataHeader },
      }),
    ).toEqual({
      title: 'Sariling pamagat',
      description: 'Sariling paliwanag',
      image: 'https://example.com/own.jpg',
    })
  })

  test('a header object on the section wins over its title column too', () => {
    expect(sectionHeader({ title: 'Column', header: { title: 'Header' }, data: {} }).title).toBe(
      'Header',
    )
  })

  test('what the section itself lacks comes from the data-level header, line breaks kept', () => {
    expect(sectionHeader({ title: null, data: { header: dataHeader } })).toEqual(dataHeader)
    expect(sectionHeader({ title: 'Sariling pamagat', data: { header: dataHeader } })).toEqual({
      ...dataHeader,
      title: 'Sariling pamagat',
    })
  })

  test('blank values count as missing', () => {
    expect(
      sectionHeader({
        title: '   ',
        header: { title: '', description: ' ' },
        data: { header: dataHeader },
      }),
    ).toEqual(dataHeader)
  })

  test('no header anywhere gives an empty header, and odd shapes do not break it', () => {
    const empty = { title: null, description: null, image: null }
    expect(sectionHeader({})).toEqual(empty)
    expect(sectionHeader({ data: { header: 'not an object' } })).toEqual(empty)
    expect(sectionHeader({ data: { header: [1, 2] } })).toEqual(empty)
    expect(
      sectionHeader({ data: { header: { title: 42, description: {}, image: false } } }),
    ).toEqual(empty)
    expect(sectionHeader({ data: null, header: null })).toEqual(empty)
  })
})

describe('isDefaultTitle', () => {
  test('the titles a new wedding starts with are defaults; a couple’s own words are not', () => {
    expect(isDefaultTitle('schedule', 'Pagtitipon')).toBe(true)
    expect(isDefaultTitle('things-to-do', 'Pasyalan at Kainan')).toBe(true)
    expect(isDefaultTitle('schedule', null)).toBe(true)
    expect(isDefaultTitle('schedule', 'Ang Aming Araw')).toBe(false)
    expect(isDefaultTitle('travel', 'Pagtitipon')).toBe(false)
  })
})
