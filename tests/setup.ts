// The DOM's matchers and cleanup, for files that have a DOM; a file of pure logic runs in Node
// (`// @vitest-environment node` on its first line) and needs neither.
import { afterEach } from 'vitest'

if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest')
  const { cleanup } = await import('@testing-library/react')
  afterEach(() => cleanup())
}
