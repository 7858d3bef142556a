// The schedule and entourage editors: fields laid out from the shared section shapes, with items
// added, filled in, reordered and removed as a couple would, by keyboard and by label.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { ShapeFields } from '@/features/content/components/shape-fields'
import { setAt } from '@/features/content/model/value-path'
import { sectionShapes, type SectionType, type Shape } from '@/lib/site-content'
import { setUpI18n } from './setup-i18n'

vi.mock('@/lib/media', () => ({ getMedia: vi.fn(), resolveImageSrc: vi.fn(async () => null) }))

beforeAll(async () => {
  await setUpI18n('en')
})

/** The fields of one top-level key of a type, holding their data like the editor does. */
function Harness({
  type,
  field,
  initial = {},
  onData,
}: {
  type: SectionType
  field: string
  initial?: Record<string, unknown>
  onData(data: unknown): void
}) {
  const [data, setData] = useState<unknown>(initial)
  const shape = (sectionShapes[type] as Record<string, Shape>)[field] as Shape
  return (
    <ShapeFields
      shape={shape}
      path={[field]}
      context={{
        type,
        weddingId: 'w',
        data,
        problems: new Map([['events.0.startTime', 'not_a_time']]),
        change: (path, value) =>
          setData((current: unknown) => {
            const next = setAt(current, path, value)
            onData(next)
            return next
          }),
      }}
    />
  )
}

describe('schedule editor', () => {
  test('adds two events, fills them in, moves the second up and removes the first', async () => {
    const user = userEvent.setup()
    let data: unknown = {}
    render(<Harness type="schedule" field="events" onData={(next) => (data = next)} />)

    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add event' }))
    await user.click(screen.getByRole('button', { name: 'Add event' }))

    const events = screen.getAllByRole('listitem')
    expect(events).toHaveLength(2)
    await user.type(within(events[0]!).getByLabelText('Name'), 'Seremonya')
    await user.selectOptions(within(events[0]!).getByLabelText('Type'), 'ceremony')
    await user.type(within(events[1]!).getByLabelText('Name'), 'Salu-salo')
    await user.selectOptions(within(events[1]!).getByLabelText('Type'), 'other')
    await user.type(within(events[1]!).getByLabelText('What kind of event?'), 'After-party')
    await user.type(within(events[1]!).getByLabelText('Date'), '2027-02-14')
    await user.type(within(events[1]!).getByLabelText('Venue'), 'Manila Hotel')
    await user.type(within(events[1]!).getByLabelText('Map link'), 'https://maps.example.com/x')
    expect(within(events[1]!).getByLabelText('Starts')).toHaveAttribute('type', 'time')
    expect(within(events[1]!).getByLabelText('Venue')).toHaveAttribute('maxLength', '200')
    expect(within(events[1]!).getByLabelText('Notes').tagName).toBe('TEXTAREA')

    await user.click(screen.getByRole('button', { name: 'Move Event 2 up' }))
    expect(data).toEqual({
      events: [
        {
          name: 'Salu-salo',
          type: 'After-party',
          date: '2027-02-14',
          venue: 'Manila Hotel',
          address: { url: 'https://maps.example.com/x' },
        },
        { name: 'Seremonya', type: 'ceremony' },
      ],
    })
    // The keyboard stays on the moved event's button.
    expect(screen.getByRole('button', { name: 'Move Event 1 up' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Remove Event 2' }))
    expect(data).toEqual({
      events: [
        {
          name: 'Salu-salo',
          type: 'After-party',
          date: '2027-02-14',
          venue: 'Manila Hotel',
          address: { url: 'https://maps.example.com/x' },
        },
      ],
    })
    expect(screen.getByLabelText('What kind of event?')).toHaveValue('After-party')
  }, 30_000)

  test('a problem the save found is shown on its field and tied to it', async () => {
    render(
      <Harness
        type="schedule"
        field="events"
        initial={{ events: [{ startTime: '3pm' }] }}
        onData={() => {}}
      />,
    )
    const start = screen.getByLabelText('Starts')
    expect(start).toHaveAttribute('aria-invalid', 'true')
    expect(start).toHaveAccessibleDescription(expect.stringContaining('Enter a time.'))
  })

  test('the dress code takes guidance and colour swatches', async () => {
    const user = userEvent.setup()
    let data: unknown = {}
    render(<Harness type="schedule" field="dressCode" onData={(next) => (data = next)} />)
    expect(screen.getByRole('group', { name: 'Dress code (Gayak)' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Guidance'), 'Pormal o Filipiniana')
    await user.click(screen.getByRole('button', { name: 'Add colour' }))
    await user.type(screen.getByLabelText('Name'), 'Sage')
    expect(screen.getByLabelText('Colour')).toHaveAttribute('type', 'color')
    expect(data).toEqual({
      dressCode: {
        description: 'Pormal o Filipiniana',
        palette: [{ name: 'Sage', hex: '#d4af37' }],
      },
    })
  })
})

describe('entourage editor', () => {
  test('names the officiating priest, pairs of ninong and ninang, secondary sponsors and the bearers', async () => {
    const user = userEvent.setup()
    let data: unknown = {}
    render(<Harness type="wedding-party" field="entourage" onData={(next) => (data = next)} />)

    const priest = screen.getByRole('group', { name: 'Officiating priest' })
    await user.type(within(priest).getByLabelText('Name'), 'Fr. Jose Cruz')

    const principal = screen.getByRole('group', { name: 'Principal sponsors' })
    await user.click(within(principal).getByRole('button', { name: 'Add ninong' }))
    await user.click(within(principal).getByRole('button', { name: 'Add ninong' }))
    await user.click(within(principal).getByRole('button', { name: 'Add ninang' }))
    const ninongs = within(principal).getByRole('group', { name: 'Ninong' })
    const [first, second] = within(ninongs).getAllByLabelText('Name')
    await user.type(first!, 'Ben Santos')
    await user.type(second!, 'Carlo Reyes')
    await user.type(
      within(within(principal).getByRole('group', { name: 'Ninang' })).getByLabelText('Name'),
      'Rosa Santos',
    )
    await user.click(within(ninongs).getByRole('button', { name: 'Move Ninong 2 up' }))

    const secondary = screen.getByRole('group', { name: 'Secondary sponsors' })
    await user.type(
      within(within(secondary).getByRole('group', { name: 'Best man' })).getByLabelText('Name'),
      'Paolo',
    )
    await user.click(within(secondary).getByRole('button', { name: 'Add groomsman' }))
    await user.type(
      within(within(secondary).getByRole('group', { name: 'Groomsmen' })).getByLabelText(
        'Role (optional)',
      ),
      'Usher',
    )

    await user.click(screen.getByRole('button', { name: 'Add flower girl' }))
    await user.type(
      within(screen.getByRole('group', { name: 'Flower girls' })).getByLabelText('Name'),
      'Ella',
    )
    await user.click(screen.getByRole('button', { name: 'Add candle sponsor' }))
    await user.click(screen.getByRole('button', { name: 'Remove Candle sponsor 1' }))

    expect(data).toEqual({
      entourage: {
        officiatingPriest: { name: 'Fr. Jose Cruz' },
        principalSponsors: {
          left: [{ name: 'Carlo Reyes' }, { name: 'Ben Santos' }],
          right: [{ name: 'Rosa Santos' }],
        },
        secondarySponsors: { bestMan: { name: 'Paolo' }, groomsmen: [{ role: 'Usher' }] },
        flowerGirls: [{ name: 'Ella' }],
        candle: [],
      },
    })
  }, 30_000)

  test('every list can be reached by keyboard, with names that begin with what they show', async () => {
    render(<Harness type="wedding-party" field="entourage" onData={() => {}} />)
    for (const name of [
      'Add parent of the groom',
      'Add parent of the bride',
      'Add bridesmaid',
      'Add veil sponsor',
      'Add cord sponsor',
    ]) {
      expect(screen.getByRole('button', { name })).toBeEnabled()
    }
    for (const bearer of ['Ring bearer', 'Bible bearer', 'Coin bearer', 'Maid of honor']) {
      expect(
        within(screen.getByRole('group', { name: bearer })).getByLabelText('Name'),
      ).toBeInTheDocument()
    }
  })
})
