import * as Tabs from '@radix-ui/react-tabs'
import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Drawer } from '@/components/drawer'
import { LastChangeText } from '@/components/last-change'
import type { Household, RsvpQuestion } from '@/lib/api'
import { HouseholdForm } from './household-form'
import { ImportPanel } from './import-panel'

export type DrawerTab = 'manual' | 'import'

interface HouseholdDrawerProps {
  open: boolean
  /** The household being edited; null adds new ones (Manually or Import). */
  household: Household | null
  tab: DrawerTab
  onTabChange(tab: DrawerTab): void
  existing: Household[]
  /** The wedding's RSVP questions, for importing answers. */
  questions: ReadonlyArray<RsvpQuestion>
  onClose(): void
  onSaved(household: Household, intent: 'close' | 'another'): void
  /** Whether this member may import a list (a family helper may not: the Import tab is left out). */
  canImport: boolean
  /** The sides this member may put a household on. */
  sides: ReadonlyArray<'bride' | 'groom' | 'both'>
}

const tabClass =
  'flex-1 border-b-2 px-4 py-2.5 text-sm font-semibold text-muted data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 border-transparent hover:text-ink'

/**
 * The Add Guest drawer (tabs Manually and Import) and, for an existing household, its edit form.
 * Closing it with unsaved typing asks first, so a name is never lost to a stray Escape.
 */
export function HouseholdDrawer({
  open,
  household,
  tab,
  onTabChange,
  existing,
  questions,
  onClose,
  onSaved,
  canImport,
  sides,
}: HouseholdDrawerProps) {
  const { t } = useTranslation('guests')
  const dirty = useRef(false)
  const [confirmClose, setConfirmClose] = useState(false)
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value
  }, [])

  function requestClose() {
    if (dirty.current) setConfirmClose(true)
    else onClose()
  }

  function closeNow() {
    dirty.current = false
    setConfirmClose(false)
    onClose()
  }

  const form = (
    <HouseholdForm
      household={household}
      onDirtyChange={setDirty}
      onCancel={requestClose}
      sides={sides}
      onSaved={(saved, intent) => {
        if (intent === 'close' || household) {
          dirty.current = false
          onSaved(saved, 'close')
        } else {
          onSaved(saved, 'another')
        }
      }}
    />
  )

  return (
    <>
      <Drawer
        open={open}
        onOpenChange={(next) => (next ? undefined : requestClose())}
        title={household ? t('drawer.editTitle') : t('drawer.addTitle')}
        description={household ? t('drawer.editDescription') : t('drawer.addDescription')}
      >
        {household ? (
          <>
            <LastChangeText
              change={household.lastChange}
              className="-mt-2 mb-4 block text-sm text-muted"
            />
            {form}
          </>
        ) : !canImport ? (
          form
        ) : (
          <Tabs.Root
            value={tab}
            onValueChange={(value) => onTabChange(value as DrawerTab)}
            className="flex min-h-full flex-col"
          >
            <Tabs.List
              aria-label={t('drawer.tabsLabel')}
              className="-mx-6 -mt-5 mb-5 flex border-b border-line bg-white px-6"
            >
              <Tabs.Trigger value="manual" className={tabClass}>
                {t('drawer.manual')}
              </Tabs.Trigger>
              <Tabs.Trigger value="import" className={tabClass}>
                {t('drawer.import')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content
              value="manual"
              className="flex-1 focus:outline-none"
              forceMount
              hidden={tab !== 'manual'}
            >
              {form}
            </Tabs.Content>
            <Tabs.Content value="import" className="flex-1 focus:outline-none">
              <ImportPanel
                existing={existing}
                questions={questions}
                onDone={onClose}
                onCancel={requestClose}
              />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Drawer>
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={t('drawer.discardTitle')}
        description={t('drawer.discardBody')}
        confirmLabel={t('drawer.discard')}
        onConfirm={closeNow}
      />
    </>
  )
}
