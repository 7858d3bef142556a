export { authPort, useSessionStore, type CoupleMetadata, type SessionStatus } from './session-store'
export { useMyWedding } from './use-my-wedding'
