// @vitest-environment node
// One name per kind of section, in each language, read by the builder, the content editor and the
// site from one place (common:sections): the registry is "Gifts" / "Handog" on all three.
import { expect, test } from 'vitest'
import { sectionTypes } from '@/lib/site-content'

type Tree = { [key: string]: string | Tree }
const locales = import.meta.glob<Tree>('/src/locales/*/*.json', { eager: true, import: 'default' })
const sources = import.meta.glob<string>('/src/features/**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
})

test('every kind of section has its one name in common, in Filipino and English', () => {
  for (const language of ['fil', 'en']) {
    const names = locales[`/src/locales/${language}/common.json`]!.sections as Tree
    for (const type of sectionTypes)
      expect(typeof names[type], `${language}: ${type}`).toBe('string')
  }
  expect((locales['/src/locales/en/common.json']!.sections as Tree).registry).toBe('Gifts')
  expect((locales['/src/locales/fil/common.json']!.sections as Tree).registry).toBe('Handog')
})

test('no other namespace keeps a list of section names of its own', () => {
  const copies: string[] = []
  const walk = (tree: Tree, path: string) => {
    if ('registry' in tree && 'our-story' in tree && 'things-to-do' in tree) copies.push(path)
    for (const [key, value] of Object.entries(tree))
      if (typeof value === 'object') walk(value, `${path}.${key}`)
  }
  for (const [file, tree] of Object.entries(locales)) walk(tree, file)
  expect(copies.sort()).toEqual([
    '/src/locales/en/common.json.sections',
    '/src/locales/fil/common.json.sections',
  ])
})

test('the builder, the content editor and the site all read it', () => {
  const readers = (folder: string) =>
    Object.entries(sources).filter(
      ([file, source]) =>
        file.startsWith(`/src/features/${folder}/`) && source.includes('common:sections.${'),
    )
  expect(readers('website')).not.toHaveLength(0)
  expect(readers('content')).not.toHaveLength(0)
  expect(readers('site')).not.toHaveLength(0)
})
