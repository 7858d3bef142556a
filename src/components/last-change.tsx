import type { LastChange } from '@/lib/api'
import { useLastChangeText } from '@/components/last-change-text'

/**
 * One short line under a household saying who last changed it, or nothing when unknown (or, with
 * `othersOnly`, when it was the reader: a list then names only what others did).
 */
export function LastChangeText({
  change,
  othersOnly = false,
  className,
}: {
  change: LastChange | null | undefined
  othersOnly?: boolean
  className?: string
}) {
  const text = useLastChangeText()(othersOnly && change?.isMe ? null : change)
  return text ? <span className={className}>{text}</span> : null
}
