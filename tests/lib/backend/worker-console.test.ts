import { describe, expect, test, vi } from 'vitest'
import { isClosedChannel, isRefusal, quietExpectedFailures } from '@/lib/backend/local/worker-console'

/** A refusal as PGlite throws it: message is the app's code, SQLSTATE P0001 (raise exception). */
const refusal = (code: string) => Object.assign(new Error(code), { code: 'P0001' })
const closedChannel = () => new DOMException("Failed to execute 'postMessage' on 'BroadcastChannel': Channel is closed", 'InvalidStateError')

function fakeScope() {
  const logged: unknown[][] = []
  const listeners: Array<(event: { reason: unknown; preventDefault(): void }) => void> = []
  const scope = {
    console: { ...console, error: (...args: unknown[]) => logged.push(args) } as Console,
    addEventListener: (type: string, listener: (typeof listeners)[number]) => {
      if (type === 'unhandledrejection') listeners.push(listener)
    },
  }
  quietExpectedFailures(scope as never)
  const reject = (reason: unknown) => {
    const event = { reason, preventDefault: vi.fn() }
    for (const listener of listeners) listener(event)
    return event.preventDefault
  }
  return { scope, logged, reject }
}

describe("the database worker's console", () => {
  test('a refusal answered to another tab is not logged; other failures are', () => {
    const { scope, logged } = fakeScope()
    scope.console.error(refusal('wedding_not_found'))
    scope.console.error(refusal('rsvp_not_found'))
    const fault = Object.assign(new Error('relation "kasalan.nope" does not exist'), { code: '42P01' })
    scope.console.error(fault)
    scope.console.error(Object.assign(new Error('Wedding not found, really'), { code: 'P0001' }))
    scope.console.error('Could not sync', refusal('wedding_not_found'))
    expect(logged.map((args) => args.map((arg) => (arg instanceof Error ? arg.message : arg)))).toEqual([
      ['relation "kasalan.nope" does not exist'],
      ['Wedding not found, really'],
      ['Could not sync', 'wedding_not_found'],
    ])
  })

  test('an answer to a tab that has closed is neither logged nor left as an unhandled rejection', () => {
    const { scope, logged, reject } = fakeScope()
    scope.console.error(closedChannel())
    expect(logged).toEqual([])
    expect(reject(closedChannel())).toHaveBeenCalled()
    expect(reject(new Error('something else'))).not.toHaveBeenCalled()
  })

  test('what counts', () => {
    expect(isRefusal(refusal('person_name_needs_letter'))).toBe(true)
    expect(isRefusal(new Error('wedding_not_found'))).toBe(false)
    expect(isRefusal(null)).toBe(false)
    expect(isClosedChannel(closedChannel())).toBe(true)
    expect(isClosedChannel(new DOMException('The object is in an invalid state.', 'InvalidStateError'))).toBe(false)
  })
})
