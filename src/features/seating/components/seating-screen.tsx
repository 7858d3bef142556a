import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import type { Wedding } from '@/lib/api'
import { displayCouple } from '@/lib/names'
import { useSeatingStore } from '../seating-store'
import { GuestPanel } from './guest-panel'
import { PickStatus } from './pick-status'
import { PrintView } from './print-view'
import { SaveStatus } from './save-status'
import type { CanvasHandle } from './seating-canvas'
import { SeatingNotices } from './seating-notices'
import { SeatingToolbar } from './seating-toolbar'
import { TableList } from './table-list'

// Konva arrives with the canvas; the guest list and the table list do not wait for it.
const SeatingCanvas = lazy(() => import('./seating-canvas'))

/** Undo/redo from the keyboard (not while typing, where the field's own undo applies). */
function useShortcuts() {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null
      const store = useSeatingStore.getState()
      if (event.key === 'Escape' && store.pick) return store.setPick(null)
      if (
        target?.closest(
          'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]',
        )
      )
        return
      const key = event.key.toLowerCase()
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return
      if (key === 'z' && !event.shiftKey) store.undo()
      else if ((key === 'z' && event.shiftKey) || key === 'y') store.redo()
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}

/** A save that waits for a pause is sent at once when the couple leaves or comes back online. */
function useSaveOnLeave() {
  useEffect(() => {
    const saveNow = () => void useSeatingStore.getState().saveNow()
    const onOnline = () => {
      if (useSeatingStore.getState().saveStatus === 'error') saveNow()
    }
    window.addEventListener('pagehide', saveNow)
    window.addEventListener('online', onOnline)
    return () => {
      window.removeEventListener('pagehide', saveNow)
      window.removeEventListener('online', onOnline)
      saveNow()
    }
  }, [])
}

export function SeatingScreen({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('seating')
  const canvas = useRef<CanvasHandle>(null)
  const [printImage, setPrintImage] = useState<string | null>(null)
  const announcement = useSeatingStore((state) => state.announcement)
  useShortcuts()
  useSaveOnLeave()

  // Printing from the browser's menu gets the chart image too.
  useEffect(() => {
    const onBeforePrint = () =>
      flushSync(() => setPrintImage(canvas.current?.exportImage() ?? null))
    window.addEventListener('beforeprint', onBeforePrint)
    return () => window.removeEventListener('beforeprint', onBeforePrint)
  }, [])

  function downloadImage() {
    const url = canvas.current?.exportImage()
    if (!url) return
    const link = document.createElement('a')
    link.href = url
    link.download = `${t('imageFileName')}-${wedding.slug}.png`
    link.click()
  }

  async function print() {
    const url = canvas.current?.exportImage() ?? null
    if (url) {
      const image = new Image()
      image.src = url
      await image.decode().catch(() => undefined)
    }
    flushSync(() => setPrintImage(url))
    window.print()
  }

  const chartHeight = 'h-[min(1000px,calc(100dvh-14rem))] min-h-[22rem] lg:min-h-[32rem]'

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="min-w-0">
          <h1 className="font-display text-3xl">{t('title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('intro')}</p>
        </div>
        <SaveStatus />
      </div>

      {/* A keyboard user reaches the chart, the seats table by table, or the guest search at once. */}
      <nav aria-label={t('skip.label')} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {(
          [
            ['seating-chart', 'skip.chart'],
            ['seating-tables', 'skip.tables'],
            ['seating-guest-search', 'skip.search'],
          ] as const
        ).map(([target, label]) => (
          <a
            key={target}
            href={`#${target}`}
            className="sr-only rounded-md bg-white px-2 py-1 font-semibold text-brand-700 underline focus:not-sr-only focus:ring-2 focus:ring-brand-500"
            onClick={(event) => {
              event.preventDefault()
              const element = document.getElementById(target)
              element?.focus()
              element?.scrollIntoView({ block: 'nearest' })
            }}
          >
            {t(label)}
          </a>
        ))}
      </nav>

      <div className="mt-4">
        <SeatingNotices />
      </div>

      <div className="mt-4 rounded-xl border border-line bg-white p-3 sm:p-4">
        <SeatingToolbar onDownloadImage={downloadImage} onPrint={() => void print()} />
      </div>

      {/* Stays in view while the couple scrolls to a seat. */}
      <div className="sticky top-2 z-30 mt-3">
        <PickStatus />
      </div>

      {/* grid-cols-1 is minmax(0, 1fr): an implicit column would be as wide as the chart's canvas
          and never narrow with the window. */}
      <div className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-[19rem_minmax(0,1fr)]">
        <div className="flex max-h-[30rem] flex-col lg:h-[min(1000px,calc(100dvh-14rem))] lg:max-h-none lg:min-h-[32rem]">
          <GuestPanel />
        </div>
        <Suspense
          fallback={
            <div
              className={`flex items-center justify-center rounded-xl border border-line bg-white text-sm text-muted ${chartHeight}`}
            >
              {t('canvas.loading')}
            </div>
          }
        >
          <div
            id="seating-chart"
            tabIndex={-1}
            className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <SeatingCanvas ref={canvas} />
          </div>
        </Suspense>
      </div>

      <TableList onShowTable={(tableId) => canvas.current?.showTable(tableId, true)} />

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <PrintView
        title={wedding.title || displayCouple(wedding.bride, wedding.groom)}
        image={printImage}
      />
    </div>
  )
}
