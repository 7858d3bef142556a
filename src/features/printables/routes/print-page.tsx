import { ArrowLeft, Printer } from 'lucide-react'
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageChoice } from '@/components/language-choice'
import { LoadFailed } from '@/components/load-failed'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { PageSpinner } from '@/components/page-spinner'
import { useDocumentTitle } from '@/components/use-document-title'
import { mayOpenIn } from '@/lib/access'
import type { Wedding } from '@/lib/api'
import { getSeatingLayout } from '@/lib/api/seating'
import { getMyWedding } from '@/lib/api/weddings'
import { errorMessage } from '@/lib/errors'
import { useGuestListStore } from '@/lib/guest-list'
import type { Language } from '@/lib/i18n'
import { displayCouple } from '@/lib/names'
import { paths } from '@/lib/paths'
import { readData, weddingPartyData } from '@/lib/site-content'
import { loadFonts, resolveTheme, themeFamilies } from '@/lib/theme'
import { useLoad } from '@/lib/use-load'
import {
  ESCORT_CARDS_PER_PAGE,
  ESCORT_LINES_PER_COLUMN,
  escorts as escortsOf,
  insertBlocks,
  paperSizes,
  printKinds,
  tableCards,
  type PaperSize,
  type PrintHousehold,
  type PrintKind,
  type SeatingLayout,
} from '../model'
import { paper, sheetCss } from '../components/sheet-style'
import { Sheets } from '../components/sheets'
import { usePrintStrings } from '../use-print-strings'

/** /manage/print: escort cards or list, table cards and the entourage insert, previewed and printed. */
export function PrintPage() {
  const { t } = useTranslation('printables')
  useDocumentTitle(t('documentTitle'))
  return (
    <MyWeddingGate namespace="printables">
      {(wedding) => <PrintLoader wedding={wedding} />}
    </MyWeddingGate>
  )
}

/**
 * The guest list (shared with the other screens), the saved seating chart, and the wedding read
 * afresh: the entourage may have just been changed in the content editor.
 */
function PrintLoader({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('printables')
  const listStatus = useGuestListStore((state) => state.status)
  const listError = useGuestListStore((state) => state.error)
  const listWedding = useGuestListStore((state) => state.weddingId)
  const households = useGuestListStore((state) => state.households)
  const loadList = useGuestListStore((state) => state.load)
  const layout = useLoad(() => getSeatingLayout(wedding.id), [wedding.id])
  const fresh = useLoad(() => getMyWedding(wedding.id), [wedding.id])

  useEffect(() => {
    void loadList(wedding.id)
  }, [wedding.id, loadList])

  const listFailed = listWedding === wedding.id && listStatus === 'error'
  const failure = listFailed
    ? listError
    : layout.status === 'error'
      ? layout.error
      : fresh.status === 'error'
        ? fresh.error
        : null
  if (failure) {
    return (
      <LoadFailed
        title={t('loadError')}
        message={errorMessage(failure, t, 'printables')}
        onRetry={() => {
          if (listFailed) void loadList(wedding.id, { force: true })
          if (layout.status === 'error') layout.reload()
          if (fresh.status === 'error') fresh.reload()
        }}
      />
    )
  }
  if (listWedding !== wedding.id || listStatus !== 'ready' || !layout.data || !fresh.data)
    return <PageSpinner />
  return <PrintScreen wedding={fresh.data} households={households} layout={layout.data.layout} />
}

// On paper only the chosen printable shows: the app's header, tabs and this page's controls are
// not printed. The page size is the paper chosen on the page.
const printCss = (size: PaperSize) => `
@page { size: ${paper[size].css}; margin: 0; }
#printables-print { display: none; }
@media print {
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; }
  body > *:not(#printables-print) { display: none !important; }
  #printables-print { display: block; }
  #printables-print .pt-sheet { break-after: page; }
  #printables-print .pt-sheet:last-child { break-after: auto; }
}
.pt-preview .pt-sheet { margin: 0 auto 24px; box-shadow: 0 1px 6px rgb(0 0 0 / 0.18); }
`

const MM_TO_PX = 96 / 25.4
/** The preview draws this many sheets at most: a long printout would slow a phone for nothing. */
const PREVIEW_SHEETS = 6
/** The guests without a table named on screen; the rest are counted. */
const UNSEATED_SHOWN = 30

/**
 * The choices (what, which language on paper, which paper), the guests still without a table, and
 * the preview; the same sheets go to paper through a node of their own in `body`.
 */
export function PrintScreen({
  wedding,
  households,
  layout,
}: {
  wedding: Wedding
  households: readonly PrintHousehold[]
  layout: SeatingLayout
}) {
  const { t } = useTranslation('printables')
  const ids = useId()
  const [kind, setKind] = useState<PrintKind>('escortCards')
  const [language, setLanguage] = useState<Language>(wedding.siteLanguage ?? 'fil')
  const [size, setSize] = useState<PaperSize>('A4')
  const strings = usePrintStrings(language)

  const escorts = useMemo(() => escortsOf(households, layout), [households, layout])
  const tables = useMemo(() => tableCards(households, layout), [households, layout])
  const partySection = wedding.sections.find((section) => section.type === 'wedding-party')
  const insert = useMemo(
    () => insertBlocks(readData(weddingPartyData, partySection?.data).entourage),
    [partySection],
  )
  const theme = useMemo(() => resolveTheme(wedding.theme), [wedding.theme])
  useEffect(() => {
    void loadFonts(themeFamilies(theme))
  }, [theme])

  const couple = displayCouple(wedding.bride, wedding.groom)
  const seatingLink = mayOpenIn(wedding, paths.manage.seating)
  const entourageLink = mayOpenIn(wedding, paths.manage.content)
  const empty: ReactNode =
    kind === 'escortCards' || kind === 'escortList' ? (
      escorts.entries.length === 0 ? (
        <EmptyState
          title={t('empty.escorts')}
          text={t('empty.escortsText')}
          to={seatingLink ? paths.manage.seating : null}
          link={t('empty.toSeating')}
        />
      ) : null
    ) : kind === 'tableCards' ? (
      tables.length === 0 ? (
        <EmptyState
          title={t('empty.tables')}
          text={t('empty.tablesText')}
          to={seatingLink ? paths.manage.seating : null}
          link={t('empty.toSeating')}
        />
      ) : null
    ) : insert.length === 0 ? (
      <EmptyState
        title={t('empty.entourage')}
        text={entourageLink ? t('empty.entourageText') : t('empty.entourageAsk')}
        to={
          !entourageLink
            ? null
            : partySection
              ? `${paths.manage.contentEditor}?section=${encodeURIComponent(partySection.path)}`
              : paths.manage.content
        }
        link={t('empty.toEntourage')}
      />
    ) : null

  const insertTitle = strings ? partySection?.title?.trim() || strings.t('sheet.entourage') : ''
  const sheets = (maxSheets?: number) =>
    strings &&
    !empty && (
      <Sheets
        kind={kind}
        size={size}
        language={language}
        theme={theme}
        couple={couple}
        insertTitle={insertTitle}
        escorts={escorts.entries}
        tables={tables}
        insert={insert}
        t={strings.t}
        party={strings.party}
        maxSheets={maxSheets}
      />
    )
  const pageCount = previewPages(kind, escorts.entries.length, tables.length)

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <style>{sheetCss + printCss(size)}</style>
      <div>
        {seatingLink && (
          <Link
            to={paths.manage.seating}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('back')}
          </Link>
        )}
        <h1 className="mt-2 font-display text-3xl">{t('title')}</h1>
        <p className="mt-1 max-w-2xl text-muted">{t('intro')}</p>
      </div>

      <div className="space-y-4 rounded-2xl border border-line bg-white p-4">
        <fieldset>
          <legend className="field-label">{t('choose.what')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {printKinds.map((value) => (
              <label
                key={value}
                className="flex min-h-10 cursor-pointer items-start gap-2 rounded-lg border border-line p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`${ids}-kind`}
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  className="mt-1 accent-brand-600"
                />
                <span>
                  <span className="block font-semibold">{t(`kinds.${value}`)}</span>
                  <span className="block text-muted">{t(`kinds.${value}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <LanguageChoice legend={t('choose.language')} value={language} onChange={setLanguage} />
          <fieldset>
            <legend className="field-label">{t('choose.paper')}</legend>
            <div className="flex gap-2">
              {paperSizes.map((value) => (
                <label
                  key={value}
                  className="flex min-h-10 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border border-line px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold"
                >
                  <input
                    type="radio"
                    name={`${ids}-paper`}
                    value={value}
                    checked={size === value}
                    onChange={() => setSize(value)}
                    className="accent-brand-600"
                  />
                  {t(`paper.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <button
          type="button"
          className="btn btn-primary w-full sm:w-auto"
          onClick={() => window.print()}
          disabled={!strings || Boolean(empty)}
        >
          <Printer aria-hidden="true" className="size-4" />
          {t('print')}
        </button>
      </div>

      {(kind === 'escortCards' || kind === 'escortList') && escorts.unseated.length > 0 && (
        <section
          aria-labelledby={`${ids}-unseated`}
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm"
        >
          <h2 id={`${ids}-unseated`} className="font-semibold">
            {t('unseated.title', { count: escorts.unseated.length })}
          </h2>
          <p className="mt-1">{t('unseated.text')}</p>
          <ul className="mt-2 list-disc pl-4" data-testid="unseated-list">
            {escorts.unseated.slice(0, UNSEATED_SHOWN).map((person) => (
              <li key={person.personId}>{person.name}</li>
            ))}
          </ul>
          {escorts.unseated.length > UNSEATED_SHOWN && (
            <p className="mt-1">
              {t('unseated.more', { count: escorts.unseated.length - UNSEATED_SHOWN })}
            </p>
          )}
          {seatingLink && (
            <Link
              to={paths.manage.seating}
              className="mt-2 inline-block font-semibold text-brand-700 underline"
            >
              {t('unseated.link')}
            </Link>
          )}
        </section>
      )}

      {kind !== 'entourage' && escorts.declined.length > 0 && (
        <section
          aria-labelledby={`${ids}-declined`}
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm"
        >
          <h2 id={`${ids}-declined`} className="font-semibold">
            {t('declined.title', { count: escorts.declined.length })}
          </h2>
          <p className="mt-1">{t('declined.text')}</p>
          <ul className="mt-2 list-disc pl-4" data-testid="declined-list">
            {escorts.declined.slice(0, UNSEATED_SHOWN).map((person) => (
              <li key={person.personId}>
                {t('declined.person', { name: person.name, table: person.table })}
              </li>
            ))}
          </ul>
          {escorts.declined.length > UNSEATED_SHOWN && (
            <p className="mt-1">
              {t('unseated.more', { count: escorts.declined.length - UNSEATED_SHOWN })}
            </p>
          )}
          {seatingLink && (
            <Link
              to={paths.manage.seating}
              className="mt-2 inline-block font-semibold text-brand-700 underline"
            >
              {t('declined.link')}
            </Link>
          )}
        </section>
      )}

      {empty}
      {strings && !empty && (
        <section aria-label={t('preview')}>
          <p className="mb-2 text-sm text-muted">
            {t('previewHint', { count: pageCount })}
            {pageCount > PREVIEW_SHEETS && ` ${t('previewFirst', { shown: PREVIEW_SHEETS })}`}
          </p>
          <Preview size={size}>{sheets(PREVIEW_SHEETS)}</Preview>
        </section>
      )}
      {!strings && !empty && <PageSpinner />}
      {strings &&
        !empty &&
        createPortal(<div id="printables-print">{sheets()}</div>, document.body)}
    </div>
  )
}

/** How many sheets the preview shows (the entourage insert: one, unless it is very long). */
function previewPages(kind: PrintKind, escorts: number, tables: number) {
  if (kind === 'escortCards') return Math.max(1, Math.ceil(escorts / ESCORT_CARDS_PER_PAGE))
  if (kind === 'escortList') return Math.max(1, Math.ceil(escorts / (2 * ESCORT_LINES_PER_COLUMN)))
  if (kind === 'tableCards') return tables
  return 1
}

/** The sheets at their real size, shrunk to fit the screen's width (a phone shows a whole page). */
function Preview({ size, children }: { size: PaperSize; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const [scale, setScale] = useState(1)
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () =>
      setScale(Math.min(1, element.clientWidth / (paper[size].width * MM_TO_PX)))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [size])
  return (
    <div className="pt-preview overflow-hidden rounded-2xl bg-stone-100 p-2 sm:p-4">
      <div ref={box}>
        <div style={{ zoom: scale }}>{children}</div>
      </div>
    </div>
  )
}

function EmptyState({
  title,
  text,
  to,
  link,
}: {
  title: string
  text: string
  to: string | null
  link: string
}) {
  return (
    <div className="rounded-2xl border border-line bg-white p-6" data-testid="print-empty">
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1 text-muted">{text}</p>
      {to && (
        <Link to={to} className="btn btn-primary mt-4">
          {link}
        </Link>
      )}
    </div>
  )
}
