import type { LastChange } from '@/lib/api'
import { useLastChangeText } from '@/lib/use-last-change-text'

/** One short line under a household saying who last changed it, or nothing when unknown. */
export function LastChangeText({ change, className }: { change: LastChange | null | undefined; className?: string }) {
  const text = useLastChangeText()(change)
  return text ? <span className={className}>{text}</span> : null
}
