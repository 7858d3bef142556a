// The public wedding site's routing: wouter, with the few things it leaves to the app (see
// ./location.ts). Pages read their parameters and query with wouter's own hooks.
export { Link, type LinkProps } from './link'
export {
  entryState,
  loadDocument,
  routePattern,
  siteLocation,
  useLocationState,
  useNavigate,
  type AppLocationHook,
  type EntryState,
  type Navigate,
  type NavigateOptions,
} from './location'
export { ScrollRestoration } from './scroll-restoration'
