import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** The sign-up steps, "The basics" then "Finish up", with the current one marked. */
export function Stepper({ steps, current }: { steps: string[]; current: number }) {
  const { t } = useTranslation('auth')
  return (
    <ol aria-label={t('register.steps')} className="flex items-center gap-2 sm:gap-3">
      {steps.map((label, index) => {
        const done = index < current
        const active = index === current
        const last = index === steps.length - 1
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className={`flex items-center gap-2 ${last ? 'shrink-0' : 'flex-1'}`}
          >
            <span
              aria-hidden="true"
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                done || active
                  ? 'bg-brand-600 text-white'
                  : 'border border-line bg-white text-muted'
              }`}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span
              className={`text-sm leading-tight font-semibold ${active ? 'text-ink' : 'text-muted'}`}
            >
              {label}
              {done && <span className="sr-only"> ({t('register.stepDone')})</span>}
            </span>
            {!last && (
              <span
                aria-hidden="true"
                className={`mx-1 h-px min-w-4 flex-1 ${done ? 'bg-brand-600' : 'bg-line'}`}
              />
            )}
          </li>
        )
      })}
    </ol>
  )
}
