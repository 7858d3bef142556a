import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { ScrollRow } from '@/components/scroll-row'
import type { GuestCounts } from '../model/guest-list'

const dots = {
  adult: 'bg-brand-500',
  child: 'bg-sky-500',
  bride: 'bg-rose-500',
  groom: 'bg-sky-700',
  common: 'bg-violet-500',
  unrelated: 'bg-stone-400',
  responded: 'bg-brand-200',
  accepted: 'bg-emerald-600',
  declined: 'bg-red-600',
  pending: 'bg-amber-500',
} as const

function Stat({ label, value, dot }: { label: string; value: number; dot: keyof typeof dots }) {
  return (
    // The number at the foot of its cell: beside a label that wraps ("Walang / panig"), the row's
    // numbers still line up.
    <div className="flex min-w-0 flex-col justify-between">
      {/* A label wraps between its words ("Walang / panig") rather than being cut. */}
      <dt className="flex items-start gap-1.5 text-xs font-medium leading-tight text-muted">
        <span aria-hidden="true" className={`mt-1 size-2 shrink-0 rounded-full ${dots[dot]}`} />
        <span className="min-w-0">{label}</span>
      </dt>
      <dd className="mt-0.5 whitespace-nowrap text-xl font-semibold tabular-nums text-ink">
        {value.toLocaleString()}
      </dd>
    </div>
  )
}

const card =
  'w-[85%] shrink-0 snap-start rounded-2xl border border-line bg-white p-4 shadow-sm sm:w-[60%] sm:p-5 md:w-auto'
// Two by two on a phone, where four columns leave a four-digit count no room.
const fourStats =
  'mt-3 grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4 sm:gap-2 md:grid-cols-2 md:gap-x-3 xl:grid-cols-4'

/**
 * The three count cards: who is invited, from which side, and how they answered. Every number
 * counts people. On a phone they sit side by side and swipe, so the list starts on the first screen;
 * the next card's edge and an arrow say there is more.
 * Drawn again only when the counts change, not on every keystroke in the search.
 */
export const GuestCountCards = memo(function GuestCountCards({ counts }: { counts: GuestCounts }) {
  const { t } = useTranslation('guests')
  const share = (part: number) => (counts.guests ? (part / counts.guests) * 100 : 0)

  return (
    <ScrollRow
      role="group"
      aria-label={t('counts.label')}
      tabIndex={0}
      outerClassName="-mx-4 sm:-mx-6 md:mx-0"
      className="flex snap-x snap-mandatory gap-3 px-4 pb-1 sm:px-6 md:grid md:grid-cols-[1fr_1.3fr_1.3fr] md:gap-4 md:overflow-visible md:px-0 md:pb-0"
      style={{ scrollPaddingInline: '1rem' }}
    >
      <section aria-labelledby="count-guests" className={card}>
        <h2 id="count-guests" className="text-sm font-semibold text-muted">
          {t('counts.guests.title')}
        </h2>
        <p className="mt-1 font-display text-4xl leading-none text-ink tabular-nums">
          {counts.guests.toLocaleString()}
          <span className="ml-2 align-middle font-sans text-sm font-normal text-muted">
            {t('counts.guests.households', { count: counts.households })}
          </span>
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          <Stat label={t('counts.guests.adults')} value={counts.adults} dot="adult" />
          <Stat label={t('counts.guests.children')} value={counts.children} dot="child" />
        </dl>
      </section>

      <section aria-labelledby="count-sides" aria-describedby="count-sides-note" className={card}>
        <h2 id="count-sides" className="text-sm font-semibold text-muted">
          {t('counts.sides.title')}
        </h2>
        <p id="count-sides-note" className="mt-1 text-xs text-muted">
          {t('counts.sides.note')}
        </p>
        <dl className={fourStats}>
          <Stat label={t('counts.sides.bride')} value={counts.bySide.bride} dot="bride" />
          <Stat label={t('counts.sides.groom')} value={counts.bySide.groom} dot="groom" />
          <Stat label={t('counts.sides.common')} value={counts.bySide.common} dot="common" />
          <Stat
            label={t('counts.sides.unrelated')}
            value={counts.bySide.unrelated}
            dot="unrelated"
          />
        </dl>
      </section>

      <section aria-labelledby="count-rsvp" className={card}>
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="count-rsvp" className="text-sm font-semibold text-muted">
            {t('counts.rsvp.title')}
          </h2>
          <span className="text-xs text-muted">
            {t('counts.rsvp.share', { percent: Math.round(share(counts.responded)) })}
          </span>
        </div>
        <div
          className="mt-2 flex h-2 overflow-hidden rounded-full bg-amber-100"
          role="img"
          aria-label={t('counts.rsvp.bar', {
            accepted: counts.accepted,
            declined: counts.declined,
            pending: counts.pending,
          })}
        >
          <span className="bg-emerald-600" style={{ width: `${share(counts.accepted)}%` }} />
          <span className="bg-red-600" style={{ width: `${share(counts.declined)}%` }} />
        </div>
        <dl className={fourStats}>
          <Stat label={t('counts.rsvp.responded')} value={counts.responded} dot="responded" />
          <Stat label={t('counts.rsvp.accepted')} value={counts.accepted} dot="accepted" />
          <Stat label={t('counts.rsvp.declined')} value={counts.declined} dot="declined" />
          <Stat label={t('counts.rsvp.pending')} value={counts.pending} dot="pending" />
        </dl>
      </section>
    </ScrollRow>
  )
})
