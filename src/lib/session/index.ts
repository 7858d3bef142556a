export { isAuthCallback } from './auth-callback'
export {
  authPort,
  currentSession,
  lastWeddingId,
  useSessionStore,
  type SessionStatus,
  type SignUpInput,
  type WeddingStatus,
} from './session-store'
export {
  requestPasswordReset,
  signInWithProvider,
  updatePassword,
  useAuthCapabilities,
  type AuthCapabilities,
} from './auth-actions'
export {
  capitalizeName,
  coupleDisplayName,
  coupleMetadata,
  coupleName,
  type CoupleMetadata,
} from './couple'
export { useMyWedding } from './use-my-wedding'
