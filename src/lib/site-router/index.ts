// A small router for the public wedding site: a guest's phone downloads a few kilobytes of it
// instead of react-router (about 34 KB gzip). Management keeps react-router; see docs/decisions.md.
export {
  leftToBrowser,
  loadDocument,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type NavigateOptions,
  type RouterValue,
} from './context'
export { createBrowserHistory, createMemoryHistory, type History, type Location } from './history'
export { matchPath, matchRoutes, type Params, type PathPattern } from './match'
export {
  Link,
  Navigate,
  Router,
  RouterValueProvider,
  Routes,
  ScrollRestoration,
  type LinkProps,
  type Route,
} from './router'
