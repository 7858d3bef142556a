// @vitest-environment node
// A checklist started from the Filipino timeline in one language reads in the other after the
// switch, until the couple renames an item.
import { expect, test } from 'vitest'
import { timelineTitle } from '@/features/plan/checklist/timeline'
import { fixedT, loadNamespaces } from '@/lib/i18n'

test('a timeline item not renamed follows the language; a renamed one or the couple’s own stays as written', async () => {
  await loadNamespaces(['plan'], 'en')
  await loadNamespaces(['plan'], 'fil')
  const en = fixedT('en', 'plan')
  const fil = fixedT('fil', 'plan')
  const started = { templateKey: 'cenomar', title: en('checklist.timeline.cenomar') }
  expect(timelineTitle(started, fil, en)).toBe(fil('checklist.timeline.cenomar'))
  expect(fil('checklist.timeline.cenomar')).not.toBe(en('checklist.timeline.cenomar'))
  expect(timelineTitle(started, en, fil)).toBe(en('checklist.timeline.cenomar'))
  // Before the other language's strings arrive, the title is shown as stored.
  expect(timelineTitle(started, fil, null)).toBe(started.title)
  expect(timelineTitle({ templateKey: 'cenomar', title: 'CENOMAR ni Miguel' }, fil, en)).toBe(
    'CENOMAR ni Miguel',
  )
  expect(timelineTitle({ templateKey: null, title: 'Tikman ang lechon' }, fil, en)).toBe(
    'Tikman ang lechon',
  )
})
