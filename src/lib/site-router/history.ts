/** Where the router is: as in the address bar, with the state a navigation left there. */
export interface Location {
  pathname: string
  search: string
  hash: string
  state: unknown
  /** Unique per history entry: scroll positions are kept under it. */
  key: string
}

export type Action = 'POP' | 'PUSH' | 'REPLACE'

export type Listener = (location: Location, action: Action, previous: Location) => void

/** The session history the router follows: the browser's, or an in-memory one in tests. */
export interface History {
  readonly location: Location
  readonly action: Action
  push(to: string, state?: unknown): void
  replace(to: string, state?: unknown): void
  /** Called before anything is drawn for the new location. */
  listen(listener: Listener): () => void
}

const newKey = () => Math.random().toString(36).slice(2, 10)

function parse(to: string, base: string) {
  const url = new URL(to, base)
  return { pathname: url.pathname, search: url.search, hash: url.hash }
}

export const createHref = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  location.pathname + location.search + location.hash

/**
 * What a history entry's state holds. It is react-router's shape (`usr`, `key`, `idx`), so a
 * navigation that ends in a full page load into the other router keeps its state.
 */
export interface EntryState {
  usr: unknown
  key: string
  idx: number
}

const entryState = (value: unknown): Partial<EntryState> =>
  value !== null && typeof value === 'object' ? (value as Partial<EntryState>) : {}

/** The browser's history: pushState, replaceState and popstate. */
export function createBrowserHistory(win: Window = window): History {
  const listeners = new Set<Listener>()
  let action: Action = 'POP'
  let index = entryState(win.history.state).idx ?? 0

  const read = (): Location => {
    const state = entryState(win.history.state)
    return {
      ...parse(win.location.href, win.location.href),
      state: state.usr ?? null,
      key: state.key ?? 'default',
    }
  }
  // The first entry gets a key too, so its scroll position can be found again.
  if (!entryState(win.history.state).key) {
    win.history.replaceState(
      {
        ...entryState(win.history.state),
        usr: entryState(win.history.state).usr ?? null,
        key: newKey(),
        idx: index,
      },
      '',
    )
  }
  let location = read()

  const change = (next: Location, nextAction: Action) => {
    const previous = location
    location = next
    action = nextAction
    for (const listener of listeners) listener(location, action, previous)
  }

  const write = (kind: 'push' | 'replace', to: string, state: unknown) => {
    if (kind === 'push') index += 1
    const entry: EntryState = { usr: state ?? null, key: newKey(), idx: index }
    const url = createHref(parse(to, win.location.href))
    if (kind === 'push') win.history.pushState(entry, '', url)
    else win.history.replaceState(entry, '', url)
    change(read(), kind === 'push' ? 'PUSH' : 'REPLACE')
  }

  win.addEventListener('popstate', () => {
    index = entryState(win.history.state).idx ?? index
    change(read(), 'POP')
  })

  return {
    get location() {
      return location
    },
    get action() {
      return action
    },
    push: (to, state) => write('push', to, state),
    replace: (to, state) => write('replace', to, state),
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** A history in memory, for tests: `back()` stands for the browser's back button. */
export function createMemoryHistory(
  initialEntries: readonly (string | { pathname: string; state?: unknown })[] = ['/'],
) {
  const listeners = new Set<Listener>()
  const toLocation = (to: string, state: unknown, key = newKey()): Location => ({
    ...parse(to, 'http://localhost/'),
    state: state ?? null,
    key,
  })
  const entries = initialEntries.map((entry) =>
    typeof entry === 'string' ? toLocation(entry, null) : toLocation(entry.pathname, entry.state),
  )
  let index = entries.length - 1
  let action: Action = 'POP'
  const change = (nextAction: Action, previous: Location) => {
    action = nextAction
    for (const listener of listeners) listener(entries[index]!, action, previous)
  }
  return {
    get location() {
      return entries[index]!
    },
    get action() {
      return action
    },
    get entries() {
      return entries.map(createHref)
    },
    push(to: string, state?: unknown) {
      const previous = entries[index]!
      entries.splice(index + 1, entries.length, toLocation(to, state))
      index += 1
      change('PUSH', previous)
    },
    replace(to: string, state?: unknown) {
      const previous = entries[index]!
      entries[index] = toLocation(to, state)
      change('REPLACE', previous)
    },
    back() {
      if (index === 0) return
      const previous = entries[index]!
      index -= 1
      change('POP', previous)
    },
    listen(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } satisfies History & { back(): void; entries: string[] }
}
