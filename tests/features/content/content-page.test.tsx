// The content list names each section once: its title, and its kind beside it only when the title
// does not already say it ("Our Story", not "Our Story / Our Story").
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeAll, expect, test } from 'vitest'
import { ContentPage } from '@/features/content/routes/content-page'
import type { Wedding } from '@/lib/api'
import { useSessionStore } from '@/lib/session'
import { websiteWedding } from '../website/website-wedding'
import { setUpI18n } from './setup-i18n'

const section = (
  type: string,
  title: string | null,
  data: Record<string, unknown> = {},
  index = 0,
) => ({
  id: `33333333-3333-4333-8333-00000000000${index}`,
  weddingId: 'w',
  type,
  label: type,
  title,
  path: type,
  visible: true,
  data,
  orderIndex: index,
})

const wedding = websiteWedding({
  sections: [
    section('our-story', null, {}, 1),
    section('faqs', 'Mga Tanong', {}, 2),
  ] as Wedding['sections'],
})

beforeAll(async () => {
  await setUpI18n('en')
})

test('each section is named once: the kind beside a title of the couple’s own, not beside itself', () => {
  useSessionStore.setState({
    status: 'signedIn',
    user: { id: 'u', email: 'maria@example.com', userMetadata: {} },
    wedding,
    weddingStatus: 'ready',
  })
  render(
    <MemoryRouter>
      <ContentPage />
    </MemoryRouter>,
  )
  // The sections' list (the Design / Content switch above it is a list in a navigation).
  const sections = screen.getAllByRole('list').filter((list) => !list.closest('nav'))
  expect(sections).toHaveLength(1)
  const items = within(sections[0]!).getAllByRole('listitem')
  expect(within(items[0]!).getAllByText('Our Story')).toHaveLength(1)
  // The couple's own title keeps the kind beside it, to say what it is.
  expect(within(items[1]!).getByText('Mga Tanong')).toBeInTheDocument()
  expect(within(items[1]!).getByText('FAQs')).toBeInTheDocument()
})
