import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles.css'
import { isPublicPath } from '@/app/public-routes'
import { PublicSite } from '@/app/public-site'
import { getBackend } from '@/lib/backend'
import { initI18n } from '@/lib/i18n'

// Start reaching the backend (or booting the embedded database) while the first screen loads.
void getBackend()
await initI18n(window.location.pathname)

// The public site and management are two apps on one origin: a guest's first load never fetches
// management's router (react-router) or screens. Moving between the two is a full page load.
const root = createRoot(document.getElementById('root')!)
if (isPublicPath(window.location.pathname)) {
  // An interruptible render: React yields to the browser every few milliseconds instead of drawing
  // the whole page in one long task while a guest's phone is still loading it.
  startTransition(() => root.render(<PublicSite />))
} else {
  const { App } = await import('@/app/app')
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
