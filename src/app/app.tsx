import { useEffect } from 'react'
import './app.css'
import { RouterProvider } from 'react-router'
import { router } from './router'

export function App() {
  // The session store starts once, here, and follows sign-ins and sign-outs from then on. It loads
  // beside the first screen rather than in it: a guest on the wedding site never waits for it.
  useEffect(() => {
    void import('@/lib/session').then(({ useSessionStore }) => useSessionStore.getState().start())
    void import('./preload-management').then(({ readFirstScreen }) =>
      readFirstScreen(window.location.pathname),
    )
    // Management is the installable app, with the service worker that opens it (and the door) with
    // no network; the guests' pages never start it.
    void import('@/lib/pwa').then(({ startInstalledApp }) => startInstalledApp())
  }, [])
  return <RouterProvider router={router} />
}
