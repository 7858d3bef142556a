// @vitest-environment node
// docs/decisions.md opens with an index by domain: every section is in it once, and every link in
// it leads to a section (anchors as GitHub makes them), so a new section cannot be left out.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const text = readFileSync(
  fileURLToPath(new URL('../../docs/decisions.md', import.meta.url)),
  'utf8',
)
const INDEX = 'Index by domain'

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(headings: string[]): Map<string, string> {
  const seen = new Map<string, number>()
  return new Map(
    headings.map((heading) => {
      const base = heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '')
        .replaceAll(' ', '-')
      const count = seen.get(base)
      seen.set(base, (count ?? -1) + 1)
      return [heading, count === undefined ? base : `${base}-${count + 1}`]
    }),
  )
}

test('every section of docs/decisions.md is in its index once, and every link of the index leads to one', () => {
  const headings = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]!)
  expect(headings[0]).toBe(INDEX)
  const sections = anchors(headings)
  const index = text.slice(text.indexOf(`## ${INDEX}`), text.indexOf(`## ${headings[1]}`))
  const links = [...index.matchAll(/\[([^\]]+)\]\(#([^)]+)\)/g)].map((match) => ({
    title: match[1]!,
    anchor: match[2]!,
  }))
  expect(links.map((link) => link.title).sort()).toEqual(headings.slice(1).sort())
  for (const link of links) expect(link.anchor, link.title).toBe(sections.get(link.title))
})
