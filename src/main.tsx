import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles.css'
import { App } from '@/app/app'
import { getBackend } from '@/lib/backend'
import { initI18n } from '@/lib/i18n'

// Start reaching the backend (or booting the embedded database) while the first route loads.
void getBackend()
await initI18n(window.location.pathname)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
