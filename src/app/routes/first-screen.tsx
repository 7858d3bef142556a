import { Suspense } from 'react'
import { GuestsPage } from '@/features/guests/routes/guests-page'
import { WeekSummary } from '@/features/plan'

/** /manage/guests, management's first screen: the checklist's week on top, then the guest list. */
export function FirstScreen() {
  return (
    <>
      <Suspense fallback={null}>
        <WeekSummary />
      </Suspense>
      <GuestsPage />
    </>
  )
}
