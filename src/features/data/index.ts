export { StorageNotices } from './components/storage-notices'
