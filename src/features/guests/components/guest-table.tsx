import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { ExternalLink, Mail, Pencil, Phone, Trash2 } from 'lucide-react'
import { memo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { InvitationState } from '@/components/invitation-state'
import { LastChangeText } from '@/components/last-change'
import type { Household } from '@/lib/api'
import { statusOf, type InvitationStatus, type InvitationStatuses } from '@/lib/invitations/state'
import { useScrollMargin } from '@/lib/use-scroll-margin'
import { householdLabel, personFullName } from '../model/guest-list'
import { RelationText } from './relation-text'

interface GuestTableProps {
  households: Household[]
  /** Each household's invitation state by id. */
  invitations: InvitationStatuses
  /** The household's RSVP page on the couple's site, or null when it has nobody to answer for. */
  rsvpHref(household: Household): string | null
  onEdit(household: Household): void
  onDelete(household: Household): void
  /** Whether this member may delete the household (a family helper: only one they added). */
  mayDelete(household: Household): boolean
}

// Desktop: a table-like grid. Phone: each row is a card (names, count, contact, then actions).
const rowGrid =
  'grid grid-cols-1 gap-y-2 md:grid-cols-[minmax(0,2.2fr)_3.5rem_minmax(0,1.6fr)_minmax(0,1.2fr)_8.5rem] md:items-start md:gap-x-4'

/**
 * The guest list, one row per household. Only the rows in view are rendered (the page scrolls, not
 * the table), so 2,000 households scroll and filter as smoothly as 20. A keystroke in the search
 * draws the table once, when the filtered list is ready, not also with the old list.
 */
export const GuestTable = memo(function GuestTable({
  households,
  invitations,
  rsvpHref,
  onEdit,
  onDelete,
  mayDelete,
}: GuestTableProps) {
  const { t } = useTranslation('guests')
  const bodyRef = useRef<HTMLDivElement>(null)
  // The list starts below the cards and the toolbar, whose height changes as filters come and go.
  const scrollMargin = useScrollMargin(bodyRef)

  const virtualizer = useWindowVirtualizer({
    count: households.length,
    estimateSize: () => 96,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => households[index]!.id,
    useFlushSync: false,
  })
  const items = virtualizer.getVirtualItems()

  return (
    <div
      role="table"
      aria-label={t('table.label')}
      aria-rowcount={households.length + 1}
      className="rounded-2xl border border-line bg-white shadow-sm"
    >
      <div role="rowgroup" className="sr-only md:not-sr-only">
        <div
          role="row"
          aria-rowindex={1}
          className={`${rowGrid} border-b border-line px-5 py-3 text-xs font-semibold uppercase tracking-wide text-muted`}
        >
          <span role="columnheader">{t('table.name')}</span>
          <span role="columnheader" className="text-center">
            <abbr title={t('table.numberLong')} className="no-underline">
              {t('table.number')}
            </abbr>
          </span>
          <span role="columnheader">{t('table.contact')}</span>
          <span role="columnheader">{t('table.invitation')}</span>
          <span role="columnheader" className="text-right">
            <span className="sr-only">{t('table.actions')}</span>
          </span>
        </div>
      </div>
      <div
        role="rowgroup"
        ref={bodyRef}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const household = households[item.index]!
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 w-full"
              style={{
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <GuestRow
                household={household}
                invitation={statusOf(invitations, household.id)}
                rsvpHref={rsvpHref(household)}
                onEdit={onEdit}
                onDelete={mayDelete(household) ? onDelete : null}
                last={item.index === households.length - 1}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
})

interface GuestRowProps {
  household: Household
  invitation: InvitationStatus
  rsvpHref: string | null
  onEdit(household: Household): void
  /** Null when this member may not delete the household: no Delete button then. */
  onDelete: ((household: Household) => void) | null
  last: boolean
}

const GuestRow = memo(function GuestRow({
  household,
  invitation,
  rsvpHref,
  onEdit,
  onDelete,
  last,
}: GuestRowProps) {
  const { t } = useTranslation('guests')
  const { name, others } = householdLabel(household)
  const label = others > 0 ? t('table.householdOf', { name, count: others }) : name
  const iconButton =
    'inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-brand-700'

  return (
    <div className={`${rowGrid} px-4 py-4 sm:px-5 ${last ? '' : 'border-b border-line'}`}>
      <div role="cell" className="min-w-0">
        <ul className="space-y-1">
          {household.persons.map((person) => (
            <li key={person.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="min-w-0 font-medium text-ink">{personFullName(person)}</span>
              {person.type === 'child' && (
                <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800">
                  {t('person.child')}
                </span>
              )}
              <RsvpBadge isAttending={person.isAttending} />
            </li>
          ))}
        </ul>
        <RelationText
          side={household.relationshipSide}
          type={household.relationshipType}
          className="mt-1.5 block text-xs text-muted"
        />
        <LastChangeText
          change={household.lastChange}
          othersOnly
          className="mt-0.5 block text-xs text-muted"
        />
      </div>

      <div
        role="cell"
        className="text-sm text-muted md:pt-0.5 md:text-center md:text-base md:text-ink"
      >
        <span className="md:hidden">
          {t('table.personCount', { count: household.persons.length })}
        </span>
        <span className="hidden tabular-nums md:inline">{household.persons.length}</span>
      </div>

      <div role="cell" className="min-w-0 space-y-1 text-sm">
        {household.email ? (
          <p className="flex min-w-0 items-center gap-2">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <span className="truncate" title={household.email}>
              {household.email}
            </span>
          </p>
        ) : null}
        {household.phone ? (
          <p className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <span className="tabular-nums">{household.phone}</span>
          </p>
        ) : null}
        {!household.email && !household.phone && (
          <p className="italic text-muted">{t('table.noContact')}</p>
        )}
      </div>

      <div role="cell" className="min-w-0 text-sm md:pt-0.5">
        <span className="sr-only">{t('table.invitation')}: </span>
        <InvitationState status={invitation} />
      </div>

      <div
        role="cell"
        className="-mb-2 -ml-2 flex items-start md:-mr-2 md:mb-0 md:ml-0 md:mt-[-0.4rem] md:justify-end"
      >
        <button
          type="button"
          className={iconButton}
          onClick={() => onEdit(household)}
          aria-label={t('table.edit', { name: label })}
          title={t('table.editShort')}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </button>
        {rsvpHref ? (
          <a
            className={iconButton}
            href={rsvpHref}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('table.rsvp', { name: label })}
            title={t('table.rsvpShort')}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : null}
        {onDelete && (
          <button
            type="button"
            className={`${iconButton} hover:!bg-red-50 hover:!text-red-700`}
            onClick={() => onDelete(household)}
            aria-label={t('table.delete', { name: label })}
            title={t('table.deleteShort')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </div>
  )
})

function RsvpBadge({ isAttending }: { isAttending: boolean | null }) {
  const { t } = useTranslation('guests')
  if (isAttending === true) {
    return (
      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
        {t('rsvp.accepted')}
      </span>
    )
  }
  if (isAttending === false) {
    return (
      <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
        {t('rsvp.declined')}
      </span>
    )
  }
  return (
    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
      {t('rsvp.pending')}
    </span>
  )
}
