import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Check, ListFilter, Search, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { invitationStateFilters } from '@/lib/invitations/state'
import type { State as InvitationState } from '@/lib/invitations/types'
import { useGuestsStore } from '../guests-store'
import { missingFilters, relationFilters, type RelationFilter } from '../model/guest-list'

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-lg py-2 pl-8 pr-3 text-sm outline-none relative data-[highlighted]:bg-brand-50 data-[state=checked]:font-semibold'

/** Search and the filter dropdown, with the active filters shown as removable chips. */
export function GuestToolbar({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('guests')
  const filters = useGuestsStore((state) => state.filters)
  const setQuery = useGuestsStore((state) => state.setQuery)
  const setRelation = useGuestsStore((state) => state.setRelation)
  const toggleMissing = useGuestsStore((state) => state.toggleMissing)
  const setInvitation = useGuestsStore((state) => state.setInvitation)
  const clearFilters = useGuestsStore((state) => state.clearFilters)
  const activeCount =
    (filters.relation ? 1 : 0) + (filters.invitation ? 1 : 0) + filters.missing.length
  const filtering = activeCount > 0 || filters.query.trim() !== ''

  return (
    <div className="space-y-3">
      <div className="flex gap-2 sm:gap-3">
        <div className="relative min-w-0 flex-1">
          <label htmlFor="guest-search" className="sr-only">
            {t('toolbar.searchLabel')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          />
          <input
            id="guest-search"
            type="search"
            className="field-input pl-9"
            placeholder={t('toolbar.searchPlaceholder')}
            value={filters.query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="btn btn-secondary shrink-0 px-3 sm:px-4">
            <ListFilter aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('toolbar.filter')}</span>
            {activeCount > 0 && (
              <span className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white">
                <span className="sr-only">{t('toolbar.activeFilters')}: </span>
                {activeCount}
              </span>
            )}
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={6}
              className="z-40 w-64 rounded-xl border border-line bg-white p-2 shadow-lg"
            >
              <DropdownMenu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted">
                {t('filters.relationGroup')}
              </DropdownMenu.Label>
              <DropdownMenu.RadioGroup
                value={filters.relation ?? 'all'}
                onValueChange={(value) =>
                  setRelation(value === 'all' ? null : (value as RelationFilter))
                }
              >
                {(['all', ...relationFilters] as const).map((relation) => (
                  <DropdownMenu.RadioItem key={relation} value={relation} className={itemClass}>
                    <DropdownMenu.ItemIndicator className="absolute left-3">
                      <Check aria-hidden="true" className="size-4 text-brand-700" />
                    </DropdownMenu.ItemIndicator>
                    {t(`filters.relation.${relation}`)}
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
              <DropdownMenu.Separator className="my-2 h-px bg-line" />
              <DropdownMenu.Label className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                {t('filters.invitationGroup')}
              </DropdownMenu.Label>
              <DropdownMenu.RadioGroup
                value={filters.invitation ?? 'all'}
                onValueChange={(value) =>
                  setInvitation(value === 'all' ? null : (value as InvitationState))
                }
              >
                {(['all', ...invitationStateFilters] as const).map((state) => (
                  <DropdownMenu.RadioItem key={state} value={state} className={itemClass}>
                    <DropdownMenu.ItemIndicator className="absolute left-3">
                      <Check aria-hidden="true" className="size-4 text-brand-700" />
                    </DropdownMenu.ItemIndicator>
                    {t(`filters.invitation.${state}`)}
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
              <DropdownMenu.Separator className="my-2 h-px bg-line" />
              <DropdownMenu.Label className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                {t('filters.missingGroup')}
              </DropdownMenu.Label>
              {missingFilters.map((field) => (
                <DropdownMenu.CheckboxItem
                  key={field}
                  checked={filters.missing.includes(field)}
                  onCheckedChange={() => toggleMissing(field)}
                  onSelect={(event) => event.preventDefault()}
                  className={itemClass}
                >
                  <DropdownMenu.ItemIndicator className="absolute left-3">
                    <Check aria-hidden="true" className="size-4 text-brand-700" />
                  </DropdownMenu.ItemIndicator>
                  {t(`filters.missing.${field}`)}
                </DropdownMenu.CheckboxItem>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>

      {filtering && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {filters.relation && (
            <Chip
              label={t(`filters.relation.${filters.relation}`)}
              onRemove={() => setRelation(null)}
              removeLabel={t('filters.remove', { name: t(`filters.relation.${filters.relation}`) })}
            />
          )}
          {filters.invitation && (
            <Chip
              label={t(`filters.invitationChip.${filters.invitation}`)}
              onRemove={() => setInvitation(null)}
              removeLabel={t('filters.remove', {
                name: t(`filters.invitationChip.${filters.invitation}`),
              })}
            />
          )}
          {filters.missing.map((field) => (
            <Chip
              key={field}
              label={t(`filters.missingChip.${field}`)}
              onRemove={() => toggleMissing(field)}
              removeLabel={t('filters.remove', { name: t(`filters.missingChip.${field}`) })}
            />
          ))}
          <p className="text-muted" role="status">
            {t('toolbar.showing', {
              shown: shown.toLocaleString(),
              total: total.toLocaleString(),
              count: total,
            })}
          </p>
          <button
            type="button"
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            onClick={clearFilters}
          >
            {t('toolbar.clear')}
          </button>
        </div>
      )}
    </div>
  )
}

function Chip({
  label,
  onRemove,
  removeLabel,
}: {
  label: string
  onRemove(): void
  removeLabel: string
}) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-1 font-medium text-brand-900">
      {label}
      <button
        type="button"
        onClick={onRemove}
        className="rounded-full p-0.5 hover:bg-brand-100"
        aria-label={removeLabel}
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </span>
  )
}
