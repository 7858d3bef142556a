export { AvatarMenu } from './components/avatar-menu'
export { RequireAuth } from './components/require-auth'
