import { useEffect } from 'react'
import { RouterProvider } from 'react-router'
import { useSessionStore } from '@/lib/session'
import { router } from './router'

export function App() {
  // The session store starts once, here, and follows sign-ins and sign-outs from then on.
  useEffect(() => void useSessionStore.getState().start(), [])
  return <RouterProvider router={router} />
}
