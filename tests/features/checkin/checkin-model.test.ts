// @vitest-environment node
import { describe, expect, test } from 'vitest'
import {
  afterTheDay,
  doorCounts,
  findHouseholds,
  indexHouseholds,
  searchText,
  tokenFromScan,
  withQueued,
  type CheckinHousehold,
} from '@/features/checkin/checkin-model'

const person = (
  id: string,
  firstName: string,
  lastName: string,
  attending: boolean | null,
  tableId: string | null = null,
) => ({
  id,
  firstName,
  lastName,
  type: 'adult' as const,
  attending,
  tableId,
  seat: tableId ? 1 : null,
})
const households: CheckinHousehold[] = [
  {
    id: 'h1',
    side: 'bride',
    tokenKey: 'k1',
    persons: [person('p1', 'Ana', 'Santos', true, 't1'), person('p2', 'Ben', 'Santos', true, 't1')],
  },
  { id: 'h2', side: 'groom', tokenKey: 'k2', persons: [person('p3', 'José', 'Peña', null, 't2')] },
  { id: 'h3', side: 'groom', tokenKey: 'k3', persons: [person('p4', 'Sandy', 'Cruz', false)] },
]
const roster = {
  households,
  tables: [
    { id: 't1', name: 'Mesa 1', seats: 2, seated: 2 },
    { id: 't2', name: 'Mesa 2', seats: 4, seated: 1 },
  ],
}

describe('the door search', () => {
  const index = indexHouseholds(households)
  const ids = (query: string) =>
    findHouseholds(index, query).households.map((household) => household.id)

  test('two letters of a first name or surname find the household; accents and case do not matter', () => {
    expect(ids('sa')).toEqual(['h1', 'h3'])
    expect(ids('pe')).toEqual(['h2'])
    expect(ids('PEÑ')).toEqual(['h2'])
    expect(ids('jose')).toEqual(['h2'])
    expect(ids('ana san')).toEqual(['h1'])
  })

  test('one letter finds nothing; a name not on the list finds nothing', () => {
    expect(ids('s')).toEqual([])
    expect(ids('zz')).toEqual([])
    expect(searchText("D'Souza-Peña")).toBe('dsouza pena')
  })
})

test('a scanned invitation link gives its token; anything else gives none', () => {
  expect(tokenFromScan('https://maria-and-juan.kasalan.ph/i/abcdefghijklmnopqrstuv')).toBe(
    'abcdefghijklmnopqrstuv',
  )
  expect(tokenFromScan('http://localhost:4312/i/abcdefghijklmnopqrstu_?x=1')).toBe(
    'abcdefghijklmnopqrstu_',
  )
  expect(tokenFromScan('https://example.com/wedding/x')).toBeNull()
  expect(tokenFromScan('/i/short')).toBeNull()
})

test('queued actions lay over the server state in order: an undo after an arrival wins, a removed walk-in is gone', () => {
  const server = {
    arrived: new Set(['p1']),
    walkIns: new Map([['w1', { id: 'w1', tableId: 't2', name: '' }]]),
  }
  const state = withQueued(server, [
    { id: 'a1', kind: 'arrive', personIds: ['p2', 'p3'] },
    { id: 'a2', kind: 'unarrive', personIds: ['p3'] },
    { id: 'a3', kind: 'walkIn', tableId: 't2', name: 'Pinsan' },
    { id: 'a4', kind: 'removeWalkIn', walkInId: 'w1' },
  ])
  expect([...state.arrived].sort()).toEqual(['p1', 'p2'])
  expect([...state.walkIns.keys()]).toEqual(['a3'])
  // The server's own state is untouched.
  expect([...server.arrived]).toEqual(['p1'])
})

test('counts: arrived against expected (all but regrets), by table, free seats less the walk-ins', () => {
  const counts = doorCounts(roster, {
    arrived: new Set(['p1', 'p4']),
    walkIns: new Map([['w1', { id: 'w1', tableId: 't2', name: '' }]]),
  })
  expect(counts).toMatchObject({ expected: 3, arrived: 2, walkIns: 1 })
  expect(
    counts.tables.map((row) => [row.table.id, row.arrived, row.expected, row.walkIns, row.free]),
  ).toEqual([
    ['t1', 1, 2, 0, 0],
    ['t2', 0, 1, 1, 2],
  ])
})

test('the whole door expects what the database says may come (each household within its seats), as the forecast counts', () => {
  // h2 has three persons with no reply and one seat: the roster says one may come.
  const capped = {
    ...roster,
    households: [
      { ...households[0]!, mayCome: 2 },
      {
        ...households[1]!,
        mayCome: 1,
        persons: [
          person('p3', 'José', 'Peña', null, 't2'),
          person('p5', 'Lita', 'Peña', null),
          person('p6', 'Rey', 'Peña', null),
        ],
      },
      { ...households[2]!, mayCome: 0 },
    ],
  }
  expect(doorCounts(capped, { arrived: new Set(), walkIns: new Map() }).expected).toBe(3)
  // A roster kept on the phone from before mayCome was sent counts everyone but regrets, as before.
  expect(
    doorCounts(
      { ...capped, households: capped.households.map(({ mayCome: _, ...household }) => household) },
      { arrived: new Set(), walkIns: new Map() },
    ).expected,
  ).toBe(5)
})

test('after the day: came against said yes, by side and by table, and the thank-you list', () => {
  const figures = afterTheDay(
    roster,
    { arrived: new Set(['p1', 'p3']), walkIns: new Map() },
    'No table',
  )
  expect(figures).toMatchObject({
    saidYes: 2,
    came: 2,
    cameOfYes: 1,
    cameUnexpected: 1,
    walkIns: 0,
  })
  expect(figures.bySide).toEqual([
    { key: 'bride', saidYes: 2, came: 1, cameOfYes: 1 },
    { key: 'groom', saidYes: 0, came: 1, cameOfYes: 0 },
  ])
  expect(figures.byTable).toEqual([
    { key: 'Mesa 1', saidYes: 2, came: 1, cameOfYes: 1 },
    { key: 'Mesa 2', saidYes: 0, came: 1, cameOfYes: 0 },
  ])
  expect(
    figures.thanks.map((item) => [
      item.household.id,
      item.came.map((p) => p.id),
      item.regrets.map((p) => p.id),
    ]),
  ).toEqual([
    ['h1', ['p1'], []],
    ['h2', ['p3'], []],
    ['h3', [], ['p4']],
  ])
})
