import { useTranslation } from '@/lib/i18n/react'
import { useCountdown } from './use-countdown'

/** Days, hours, minutes and seconds until the wedding; gone once the time has come. */
export function Countdown({ target }: { target: number | null }) {
  const { t } = useTranslation('site')
  const parts = useCountdown(target)
  if (parts.remainingMs <= 0) return null
  const units = [
    ['days', parts.days],
    ['hours', parts.hours],
    ['minutes', parts.minutes],
    ['seconds', parts.seconds],
  ] as const
  return (
    <div role="timer" aria-label={t('countdown.label')} className="site-countdown">
      {units.map(([unit, value]) => (
        <div key={unit} className="site-countdown-cell">
          <span className="site-countdown-number">{String(value).padStart(2, '0')}</span>
          <span className="site-countdown-label">{t(`countdown.${unit}`, { count: value })}</span>
        </div>
      ))}
    </div>
  )
}
