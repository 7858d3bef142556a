import { MailWarning, RefreshCw, Send } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { invitationStates, type InvitationHousehold } from '@/lib/api/invitations'
import { errorMessage } from '@/lib/errors'
import { displayFullName } from '@/lib/names'
import { matchesState, needsNewCard, type HouseholdFilter } from '../model/follow-up'
import { printedCode } from '@/lib/invitations/message'
import { InvitationState } from '@/components/invitation-state'

interface HouseholdListProps {
  households: InvitationHousehold[]
  onSend(households: InvitationHousehold[]): void
  renew(householdId: string): Promise<void>
}

const namesOf = (household: InvitationHousehold) =>
  household.persons.map((person) => displayFullName(person)).join(', ')

/** Every household with its code and state, filtered by state; send to one or to a selection. */
export function HouseholdList({ households, onSend, renew }: HouseholdListProps) {
  const { t } = useTranslation('invitations')
  const id = useId()
  const [filter, setFilter] = useState<HouseholdFilter>('all')
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [renewing, setRenewing] = useState<InvitationHousehold | null>(null)
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)

  const shown = useMemo(
    () => households.filter((household) => matchesState(household, filter)),
    [households, filter],
  )
  const chosen = households.filter((household) => selected.has(household.householdId))
  const allShownSelected =
    shown.length > 0 && shown.every((household) => selected.has(household.householdId))
  const newCards = households.filter(needsNewCard).length

  const toggle = (householdId: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous)
      if (on) next.add(householdId)
      else next.delete(householdId)
      return next
    })

  const confirmRenew = async () => {
    if (!renewing) return
    setBusy(true)
    try {
      await renew(renewing.householdId)
      setStatus({ tone: 'ok', text: t('renew.done', { names: namesOf(renewing) }) })
      setRenewing(null)
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, t, 'invitations') })
      setRenewing(null)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-4">
      {newCards > 0 && (
        <Alert>
          <p className="font-semibold">{t('newCard.title', { count: newCards })}</p>
          <p className="mt-1">{t('newCard.body')}</p>
          {filter !== 'new_card' && (
            <button
              type="button"
              className="mt-2 font-semibold text-brand-700 underline"
              onClick={() => setFilter('new_card')}
            >
              {t('newCard.show', { count: newCards })}
            </button>
          )}
        </Alert>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-filter`} className="field-label">
            {t('list.filter')}
          </label>
          <select
            id={`${id}-filter`}
            className="field-input"
            value={filter}
            onChange={(event) => setFilter(event.target.value as HouseholdFilter)}
          >
            <option value="all">{t('list.allStates')}</option>
            {invitationStates.map((state) => (
              <option key={state} value={state}>
                {t(`state.${state}`)}
              </option>
            ))}
            {(newCards > 0 || filter === 'new_card') && (
              <option value="new_card">{t('newCard.filter')}</option>
            )}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={chosen.length === 0}
          onClick={() => onSend(chosen)}
        >
          <Send aria-hidden="true" className="size-4" />
          {t('list.sendSelected', { count: chosen.length })}
        </button>
      </div>

      <p
        role="status"
        className={`min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
      >
        {status?.text ?? ''}
      </p>

      {shown.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-muted">
          {households.length === 0 ? t('list.noHouseholds') : t('list.noneInState')}
        </p>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-line bg-white">
          <label className="flex items-center gap-3 border-b border-line px-4 py-2 text-sm font-semibold">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={allShownSelected}
              onChange={(event) =>
                setSelected((previous) => {
                  const next = new Set(previous)
                  for (const household of shown) {
                    if (event.target.checked) next.add(household.householdId)
                    else next.delete(household.householdId)
                  }
                  return next
                })
              }
            />
            {t('list.selectShown', { count: shown.length })}
          </label>
          <ul className="divide-y divide-line">
            {shown.map((household) => {
              const names = namesOf(household)
              return (
                // A row off screen is neither laid out nor painted (2,000 households cost the
                // page a second of layout on every opening), and stays in the accessibility tree.
                <li
                  key={household.householdId}
                  className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto]"
                  data-testid="invitation-row"
                >
                  <label className="flex min-w-0 flex-1 basis-56 items-start gap-3">
                    <input
                      type="checkbox"
                      className="mt-1 size-4 shrink-0 accent-brand-600"
                      checked={selected.has(household.householdId)}
                      onChange={(event) => toggle(household.householdId, event.target.checked)}
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold">{names}</span>
                      <span className="block font-mono text-sm text-muted">
                        {printedCode(household.code)}
                      </span>
                      {needsNewCard(household) && (
                        <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          <MailWarning aria-hidden="true" className="size-3.5" />
                          {t('newCard.badge')}
                        </span>
                      )}
                    </span>
                  </label>
                  <div className="min-w-40 flex-1">
                    <InvitationState status={household} />
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-secondary min-h-10 px-3 text-sm"
                      onClick={() => onSend([household])}
                    >
                      <Send aria-hidden="true" className="size-4" />
                      {t('list.send')}
                      <span className="sr-only"> {names}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary min-h-10 px-3 text-sm"
                      onClick={() => setRenewing(household)}
                    >
                      <RefreshCw aria-hidden="true" className="size-4" />
                      {t('list.renew')}
                      <span className="sr-only"> {names}</span>
                    </button>
                  </div>
                </li>
              )
            })}
          </ul>
        </div>
      )}

      <ConfirmDialog
        open={renewing !== null}
        onOpenChange={(open) => !open && setRenewing(null)}
        title={t('renew.title')}
        description={
          renewing
            ? t('renew.description', { names: namesOf(renewing), code: printedCode(renewing.code) })
            : undefined
        }
        confirmLabel={t('renew.confirm')}
        onConfirm={() => void confirmRenew()}
        busy={busy}
      />
    </div>
  )
}
