import { ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { getPaxForecast } from '@/lib/api/forecast'
import { paxRange } from '@/lib/pax-range'
import { paths } from '@/lib/paths'
import { useLoad } from '@/lib/use-load'
import { useRefreshOnReturn } from '@/lib/use-refresh-on-return'

/**
 * The RSVPs tab's card (the forecast's, shared here so the RSVPs feature can show it): the caterer's range and how many replies it rests on, linking to the
 * forecast page. Nothing shows until the first reading (the tab's own counts are above it); a failed
 * reading leaves only the link.
 */
export function ForecastCard({ weddingId }: { weddingId: string }) {
  const { t } = useTranslation('forecast')
  const { data: forecast, refresh } = useLoad(() => getPaxForecast(weddingId), [weddingId])
  useRefreshOnReturn(refresh)
  const n = (value: number) => t('common:number', { value })
  return (
    <section
      aria-labelledby="forecast-card"
      className="mt-3 rounded-2xl border border-line bg-white px-4 py-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id="forecast-card" className="text-sm font-semibold text-muted">
            {t('card.title')}
          </h2>
          <p data-testid="forecast-card-range" className="font-display text-2xl">
            {forecast ? paxRange(t, forecast.low, forecast.high) : '–'}
          </p>
          {forecast && (
            <p className="text-sm text-muted">
              {t('card.summary', {
                confirmed: n(forecast.confirmed.total),
                pending: n(forecast.pending),
              })}
            </p>
          )}
        </div>
        <Link to={paths.manage.rsvpsForecast} className="btn btn-secondary min-h-10 px-3 text-sm">
          {t('card.open')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  )
}
