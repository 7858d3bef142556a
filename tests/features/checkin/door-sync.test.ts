import { describe, expect, test, vi } from 'vitest'
import { DoorSync, type DoorDeps } from '@/features/checkin/door-sync'
import { clearDoorStorage, waitingInStorage } from '@/lib/door-storage'
import type { CheckinAction, CheckinRoster } from '@/lib/api/checkin'

const roster: CheckinRoster = {
  version: 1,
  households: [
    {
      id: 'h1',
      side: 'bride',
      tokenKey: 'k',
      persons: [
        {
          id: 'p1',
          firstName: 'Ana',
          lastName: 'Santos',
          type: 'adult',
          attending: true,
          tableId: null,
          seat: null,
        },
      ],
    },
  ],
  tables: [],
  arrivals: [],
  walkIns: [],
}

/** A fake server: applies each action id once, as record_checkins does; fails on the network when told. */
function fakeServer() {
  const applied = new Set<string>()
  const arrived = new Set<string>()
  let version = 1
  const server = {
    down: false,
    calls: 0,
    arrived,
    record: vi.fn(async (_wedding: string, actions: CheckinAction[]) => {
      server.calls += 1
      if (server.down) throw new TypeError('Failed to fetch')
      version += 1
      return {
        version,
        results: actions.map((action) => {
          if (applied.has(action.id)) return { id: action.id, status: 'duplicate' as const }
          applied.add(action.id)
          if (action.kind === 'arrive') action.personIds.forEach((id) => arrived.add(id))
          return { id: action.id, status: 'applied' as const }
        }),
      }
    }),
    getRoster: vi.fn(async () => ({ ...roster, arrivals: [...arrived], version })),
    getChanges: vi.fn(async () => ({
      version,
      arrivals: [...arrived].map((personId) => ({ personId, arrived: true })),
      walkIns: [],
    })),
  }
  return server
}

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('the door on a poor signal', () => {
  test('offline, check-ins wait on the phone, survive a reload, and are sent once when it is back online', async () => {
    const server = fakeServer()
    const storage = memoryStorage()
    let online = true
    const deps = (): Partial<DoorDeps> => ({ ...server, storage, isOnline: () => online })
    const first = new DoorSync('w', deps())
    await first.load()
    online = false
    await first.do({ id: 'a1', kind: 'arrive', personIds: ['p1'] })
    expect(first.getSnapshot()).toMatchObject({ waiting: 1, online: false })
    expect(first.getSnapshot().state.arrived.has('p1')).toBe(true)
    expect(server.calls).toBe(0)

    // Reloaded while still offline: the list and the queue are read back from the phone.
    const second = new DoorSync('w', deps())
    await second.load()
    expect(second.getSnapshot().roster?.households).toHaveLength(1)
    expect(second.getSnapshot().waiting).toBe(1)

    online = true
    second.connectionChanged()
    await second.flush()
    expect(second.getSnapshot().waiting).toBe(0)
    expect([...server.arrived]).toEqual(['p1'])
    expect(server.calls).toBe(1)
  })

  test('a send lost on the network is kept and sent again; the server applies it once', async () => {
    const server = fakeServer()
    const deps: Partial<DoorDeps> = { ...server, storage: memoryStorage(), isOnline: () => true }
    const door = new DoorSync('w', deps)
    await door.load()
    server.down = true
    await door.do({ id: 'a1', kind: 'arrive', personIds: ['p1'] })
    expect(door.getSnapshot()).toMatchObject({ waiting: 1, error: null })
    server.down = false
    await door.flush()
    await door.flush()
    expect(door.getSnapshot().waiting).toBe(0)
    expect(server.arrived.size).toBe(1)
  })

  test('a refusal for another reason than the network is shown, not only logged', async () => {
    const server = fakeServer()
    const door = new DoorSync('w', {
      ...server,
      record: async () => {
        throw Object.assign(new Error('wedding_not_found'), { name: 'BackendError' })
      },
      storage: memoryStorage(),
      isOnline: () => true,
    })
    await door.load()
    await door.do({ id: 'a1', kind: 'arrive', personIds: ['p1'] })
    expect(door.getSnapshot().error).toBeInstanceOf(Error)
    expect(door.getSnapshot().waiting).toBe(1)
  })
})

describe('what the phone keeps', () => {
  test('an accepted check-in is kept in the stored list even when the poll after it fails, so a reload offline still shows it', async () => {
    const server = fakeServer()
    const storage = memoryStorage()
    let online = true
    const door = new DoorSync('w', { ...server, storage, isOnline: () => online })
    await door.load()
    server.getChanges.mockRejectedValue(new TypeError('Failed to fetch'))
    await door.do({ id: 'a1', kind: 'arrive', personIds: ['p1'] })
    await door.do({ id: 'a2', kind: 'walkIn', tableId: 't1', name: 'Lito' })
    expect(door.getSnapshot().waiting).toBe(0)

    online = false
    const reloaded = new DoorSync('w', { ...server, storage, isOnline: () => online })
    await reloaded.load()
    expect(reloaded.getSnapshot().waiting).toBe(0)
    expect(reloaded.getSnapshot().state.arrived.has('p1')).toBe(true)
    expect([...reloaded.getSnapshot().state.walkIns.values()].map((walkIn) => walkIn.name)).toEqual(
      ['Lito'],
    )
  })

  test("two screens on one phone keep each other's offline check-ins", async () => {
    const server = fakeServer()
    const storage = memoryStorage()
    let online = false
    const deps = (): Partial<DoorDeps> => ({ ...server, storage, isOnline: () => online })
    const one = new DoorSync('w', deps())
    const two = new DoorSync('w', deps())
    await one.do({ id: 'a1', kind: 'arrive', personIds: ['p1'] })
    await two.do({ id: 'a2', kind: 'arrive', personIds: ['p2'] })
    await one.do({ id: 'a3', kind: 'arrive', personIds: ['p3'] })
    const stored = (JSON.parse(storage.getItem('kasalan.checkin.queue.w')!) as CheckinAction[]).map(
      (action) => action.id,
    )
    expect(stored.sort()).toEqual(['a1', 'a2', 'a3'])

    // One sends all it knows; the other, writing afterwards, does not bring back what was acknowledged.
    online = true
    await one.flush()
    expect(storage.getItem('kasalan.checkin.queue.w')).toBe('[]')
    online = false
    await two.do({ id: 'a4', kind: 'arrive', personIds: ['p4'] })
    expect(
      (JSON.parse(storage.getItem('kasalan.checkin.queue.w')!) as CheckinAction[]).map(
        (action) => action.id,
      ),
    ).toEqual(['a4'])
  })

  test('a screen that was left stops sending and asking', async () => {
    const server = fakeServer()
    const door = new DoorSync('w', { ...server, storage: memoryStorage(), isOnline: () => true })
    await door.load()
    door.stop()
    const calls = server.getChanges.mock.calls.length
    await door.do({ id: 'a1', kind: 'arrive', personIds: ['p1'] })
    await door.poll()
    expect(server.calls).toBe(0)
    expect(server.getChanges.mock.calls.length).toBe(calls)
    expect(door.getSnapshot().waiting).toBe(1)
  })

  test('a wedding the member may no longer see takes its list and queue off the phone', async () => {
    const server = fakeServer()
    const storage = memoryStorage()
    const door = new DoorSync('w', { ...server, storage, isOnline: () => true })
    await door.load()
    expect(storage.getItem('kasalan.checkin.roster.w')).not.toBeNull()
    server.getChanges.mockRejectedValueOnce(
      Object.assign(new Error('wedding_not_found'), { name: 'BackendError' }),
    )
    await door.poll()
    expect(storage.getItem('kasalan.checkin.roster.w')).toBeNull()
    expect(storage.getItem('kasalan.checkin.queue.w')).toBeNull()
  })

  test('sign-out clears every door key and nothing else; what waits can be counted first', () => {
    localStorage.clear()
    localStorage.setItem('kasalan.checkin.queue.w1', JSON.stringify([{ id: 'a1' }, { id: 'a2' }]))
    localStorage.setItem('kasalan.checkin.roster.w1', '{}')
    localStorage.setItem('kasalan.checkin.queue.w2', JSON.stringify([{ id: 'a3' }]))
    localStorage.setItem('kasalan.language', 'fil')
    expect(waitingInStorage()).toBe(3)
    clearDoorStorage()
    expect(Object.keys(localStorage)).toEqual(['kasalan.language'])
    expect(waitingInStorage()).toBe(0)
  })
})

describe('households added on the day', () => {
  test('reading the roster again brings a household added after the screen opened', async () => {
    const server = fakeServer()
    const door = new DoorSync('w', { ...server, storage: memoryStorage(), isOnline: () => true })
    await door.load()
    server.getRoster.mockResolvedValueOnce({
      ...roster,
      version: 5,
      households: [...roster.households, { id: 'h2', side: 'groom', tokenKey: 'k2', persons: [] }],
    })
    expect(await door.reloadRoster()).toBe(true)
    expect(door.getSnapshot().roster?.households.map((household) => household.id)).toEqual([
      'h1',
      'h2',
    ])
  })

  test('offline, the roster is not asked for', async () => {
    const server = fakeServer()
    const door = new DoorSync('w', { ...server, storage: memoryStorage(), isOnline: () => false })
    expect(await door.reloadRoster()).toBe(false)
    expect(server.getRoster).not.toHaveBeenCalled()
  })
})
