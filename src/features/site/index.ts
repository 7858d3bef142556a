export { LoadingOverlay } from './components/loading-overlay'
