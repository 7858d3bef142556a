import { Suspense, useEffect } from 'react'
import { Outlet } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import { StorageNotices } from '@/features/data'
import { applyLanguage, preferredLanguage } from '@/lib/i18n'
import { AppUpdateNotice } from '../app-update-notice'
import { KasalanHeader } from './kasalan-header'

/** Sign in, sign up and password pages: one centred card on a warm background. */
export function AuthLayout() {
  useEffect(() => void applyLanguage(preferredLanguage('app')), [])
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-canvas">
      <KasalanHeader />
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:pt-10">
        <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <StorageNotices />
      <AppUpdateNotice />
    </div>
  )
}
