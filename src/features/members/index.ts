export { WeddingSwitcher } from './components/wedding-switcher'
