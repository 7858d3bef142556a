import * as Tabs from '@radix-ui/react-tabs'
import { Redo2, Undo2 } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { LeaveGuard } from '@/components/leave-guard'
import { ringInside } from '@/components/management-styles'
import { ScrollRow } from '@/components/scroll-row'
import { WebsiteSubnav } from '@/components/website-subnav'
import type { Wedding } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { selectDirty, useWebsiteStore } from '../website-store'
import { previewSite } from '../preview-site'
import { canRedo, canUndo } from '@/lib/history'
import { AddressPanel } from './address-panel'
import { WebsitePreview } from './website-preview'
import { DetailsPanel, type DetailsPreview } from './details-panel'
import { PublishControl } from './publish-control'
import { SectionSidebar } from './section-sidebar'
import { ThemePanel } from './theme-panel'
import { YourSiteCard } from './your-site-card'

/** The builder: the site card, the settings panels beside the live preview, Save and Publish. */
export function WebsiteScreen({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('website')
  const open = useWebsiteStore((state) => state.open)
  const draft = useWebsiteStore((state) => state.history.present)
  const history = useWebsiteStore((state) => state.history)
  const dirty = useWebsiteStore(selectDirty)
  const saving = useWebsiteStore((state) => state.saving)
  const saveError = useWebsiteStore((state) => state.saveError)
  const save = useWebsiteStore((state) => state.save)
  const undo = useWebsiteStore((state) => state.undo)
  const redo = useWebsiteStore((state) => state.redo)
  const drop = useWebsiteStore((state) => state.drop)
  const [details, setDetails] = useState<DetailsPreview | null>(null)
  const [detailsDirty, setDetailsDirty] = useState(false)
  // Leave drops what was typed in the forms too: they start again from the saved wedding, should
  // this screen still be on view (the couple came back before the next screen had loaded).
  const [forms, setForms] = useState(0)

  useEffect(() => open(wedding), [open, wedding])
  useUndoShortcuts(undo, redo)

  const site = useMemo(
    () => previewSite(wedding, draft, details ?? undefined),
    [wedding, draft, details],
  )
  const ready = useWebsiteStore((state) => state.weddingId === wedding.id)

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <LeaveGuard
        when={dirty || detailsDirty}
        title={t('leave.title')}
        description={t('leave.body')}
        confirmLabel={t('leave.confirm')}
        onLeave={() => {
          drop(wedding)
          setForms((generation) => generation + 1)
        }}
        beforeUnload
      />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <h1 className="font-display text-3xl">{t('title')}</h1>
        <WebsiteSubnav
          current="design"
          labels={{
            nav: t('subnav.label'),
            design: t('subnav.design'),
            content: t('subnav.content'),
          }}
        />
        <PublishControl wedding={wedding} className="sm:ml-auto" />
      </div>

      <YourSiteCard wedding={wedding} className="mt-6" />

      <div className="mt-6 grid gap-6 lg:grid-cols-[420px_minmax(0,1fr)]">
        <div className="min-w-0">
          <div
            role="toolbar"
            aria-label={t('toolbar.label')}
            className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-line bg-white p-2 shadow-sm"
          >
            <button
              type="button"
              className="btn btn-secondary min-h-10 px-3 text-sm"
              onClick={undo}
              disabled={!canUndo(history)}
            >
              <Undo2 aria-hidden="true" className="size-4" />
              {t('toolbar.undo')}
            </button>
            <button
              type="button"
              className="btn btn-secondary min-h-10 px-3 text-sm"
              onClick={redo}
              disabled={!canRedo(history)}
            >
              <Redo2 aria-hidden="true" className="size-4" />
              {t('toolbar.redo')}
            </button>
            {/* The status and Save stay together, at the line's end: where the row is too narrow for
                all four, they go to the next line as a pair (Save alone had wrapped to the start). */}
            <div className="flex items-center gap-2" style={{ flex: '1 1 12rem' }}>
              <p role="status" className="min-w-0 flex-1 px-1 text-right text-xs text-muted">
                {saving ? t('toolbar.saving') : dirty ? t('toolbar.unsaved') : t('toolbar.saved')}
              </p>
              <button
                type="button"
                className="btn btn-primary min-h-10 px-4"
                onClick={() => void save()}
                disabled={!dirty || saving}
              >
                {saving ? t('toolbar.saving') : t('toolbar.save')}
              </button>
            </div>
          </div>
          {saveError != null && (
            <Alert tone="error" className="mt-3">
              {t('toolbar.saveFailed', { reason: errorMessage(saveError, t, 'website') })}
            </Alert>
          )}

          <Tabs.Root defaultValue="sections" className="mt-4">
            <ScrollRow>
              <Tabs.List
                aria-label={t('panels.label')}
                className="flex border-b border-line"
                style={{ width: 'max-content', minWidth: '100%' }}
              >
                {(['sections', 'theme', 'details', 'address'] as const).map((panel) => (
                  <Tabs.Trigger
                    key={panel}
                    value={panel}
                    style={ringInside}
                    className="whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-muted hover:text-ink data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
                  >
                    {t(`panels.${panel}`)}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
            </ScrollRow>
            <Tabs.Content value="sections" className="pt-4 focus-visible:outline-none">
              {ready && <SectionSidebar />}
            </Tabs.Content>
            <Tabs.Content value="theme" className="pt-4 focus-visible:outline-none">
              {ready && <ThemePanel />}
            </Tabs.Content>
            <Tabs.Content
              value="details"
              forceMount
              className="pt-4 focus-visible:outline-none data-[state=inactive]:hidden"
            >
              <DetailsPanel
                key={forms}
                wedding={wedding}
                onPreview={setDetails}
                onDirtyChange={setDetailsDirty}
              />
            </Tabs.Content>
            <Tabs.Content value="address" className="pt-4 focus-visible:outline-none">
              <AddressPanel key={forms} wedding={wedding} />
            </Tabs.Content>
          </Tabs.Root>
        </div>

        <WebsitePreview site={site} />
      </div>
    </div>
  )
}

/** Ctrl+Z / Cmd+Z undo and Ctrl+Shift+Z / Ctrl+Y redo, outside text fields (where the field's own undo applies). */
function useUndoShortcuts(undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
      const key = event.key.toLowerCase()
      if (key === 'z' && !event.shiftKey) undo()
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo()
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [undo, redo])
}
