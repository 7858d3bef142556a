import { useMyWedding } from '@/lib/session'
import { ThisWeek } from './this-week'

/** The compact "this week" above the guest list, once the wedding is known. */
export function WeekSummary() {
  const { wedding } = useMyWedding()
  if (!wedding) return null
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 empty:hidden sm:px-6">
      <ThisWeek weddingId={wedding.id} compact />
    </div>
  )
}
