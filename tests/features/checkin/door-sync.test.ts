import { describe, expect, test, vi } from 'vitest'
import { DoorSync, type DoorDeps } from '@/features/checkin/door-sync'
import type { CheckinAction, CheckinRoster } from '@/lib/api/checkin'

const roster: CheckinRoster = {
  version: 1,
  households: [{ id: 'h1', side: 'bride', tokenKey: 'k', persons: [{ id: 'p1', firstName: 'Ana', lastName: 'Santos', type: 'adult', attending: true, tableId: null, seat: null }] }],
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
    getChanges: vi.fn(async () => ({ version, arrivals: [...arrived].map((personId) => ({ personId, arrived: true })), walkIns: [] })),
  }
  return server
}

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) }
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
