export { WeddingSwitcher } from './components/wedding-switcher'
export { roleAccess } from './members-model'
