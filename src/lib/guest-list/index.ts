export {
  useGuestListStore,
  type GuestListChange,
  type GuestListStatus,
  type PersonReply,
} from './guest-list-store'
