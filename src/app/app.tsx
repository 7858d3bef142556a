import { useEffect } from 'react'
import { RouterProvider } from 'react-router'
import { router } from './router'

export function App() {
  // The session store starts once, here, and follows sign-ins and sign-outs from then on. It loads
  // beside the first screen rather than in it: a guest on the wedding site never waits for it.
  useEffect(() => {
    void import('@/lib/session').then(({ useSessionStore }) => useSessionStore.getState().start())
  }, [])
  return <RouterProvider router={router} />
}
