import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Drawer } from '@/components/drawer'
import type { TableCount } from '../checkin-model'

/**
 * A guest not on the list, in two taps: "Add a walk-in", then a table with a free seat. The name is
 * there for whoever wants it, never asked for.
 */
export function WalkInDrawer({
  open,
  onOpenChange,
  tables,
  onAdd,
  initialName = '',
}: {
  open: boolean
  onOpenChange(open: boolean): void
  tables: readonly TableCount[]
  onAdd(tableId: string, name: string): void
  initialName?: string
}) {
  const { t } = useTranslation('checkin')
  const nameId = useId()
  const [name, setName] = useState(initialName)
  const free = tables.filter((row) => row.free > 0)

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={t('walkIn.title')}
      description={t('walkIn.description')}
    >
      <div className="space-y-5">
        <div>
          <label htmlFor={nameId} className="field-label">
            {t('walkIn.name')}
          </label>
          <input
            id={nameId}
            className="field-input text-lg"
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {free.length === 0 ? (
          <Alert tone="info">{t('walkIn.none')}</Alert>
        ) : (
          <ul className="grid gap-3">
            {free.map((row) => (
              <li key={row.table.id}>
                <button
                  type="button"
                  className="flex min-h-14 w-full items-center justify-between gap-3 rounded-2xl border border-line bg-white px-5 py-3 text-left hover:border-brand-300 hover:bg-brand-50"
                  onClick={() => onAdd(row.table.id, name.trim())}
                >
                  <span className="text-xl font-semibold text-ink">{row.table.name}</span>
                  <span className="text-base text-muted">
                    {t('walkIn.free', { count: row.free })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Drawer>
  )
}
