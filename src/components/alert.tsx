import { AlertCircle, CheckCircle2, Info } from 'lucide-react'
import type { ReactNode } from 'react'

const tones = {
  error: { icon: AlertCircle, className: 'border-red-200 bg-red-50 text-red-900', role: 'alert' },
  success: {
    icon: CheckCircle2,
    className: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    role: 'status',
  },
  info: { icon: Info, className: 'border-brand-200 bg-brand-50 text-brand-900', role: 'status' },
} as const

/** A message in the flow of the page: a failed save, a saved answer, a note. */
export function Alert({
  tone = 'info',
  children,
  className = '',
}: {
  tone?: keyof typeof tones
  children: ReactNode
  className?: string
}) {
  const { icon: Icon, className: toneClass, role } = tones[tone]
  return (
    <div
      role={role}
      className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ${toneClass} ${className}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}
