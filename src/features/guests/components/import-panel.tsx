import { AlertTriangle, CheckCircle2, Download, FileUp, Link2, Unlink, XCircle } from 'lucide-react'
import { useId, useMemo, useState, type ChangeEvent, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Field } from '@/components/field'
import type { Household, ImportResult, RsvpQuestion } from '@/lib/api'
import { downloadFile, parseCsv, readTextFile, toCsv } from '@/lib/csv'
import { errorMessage } from '@/lib/errors'
import { useGuestsStore } from '../guests-store'
import {
  buildImport,
  defaultGrouping,
  detectHeaderRow,
  guessMapping,
  householdsToImport,
  answerField,
  importFields,
  importTemplateRows,
  markDuplicates,
  type Grouping,
  type ImportField,
  type ImportHousehold,
  type ImportProblem,
} from '../model/guest-import'

type Step = 'source' | 'columns' | 'review' | 'done'

interface Source {
  name: string
  rows: string[][]
}

const maxFileBytes = 5 * 1024 * 1024
const footerButton = 'whitespace-nowrap px-3 text-sm sm:px-4 sm:text-[0.9375rem]'
const shownHouseholds = 150

/** Spreadsheet column letters: A, B, … Z, AA, AB. */
function columnLetter(index: number): string {
  let letter = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter
  return letter
}

/**
 * The Import tab: a CSV file or pasted rows, then which column holds what, then a review of every
 * household with its problems, then one atomic save. Nothing is written before the last step.
 */
interface ImportPanelProps {
  existing: Household[]
  /** The wedding's RSVP questions: a column of answers to one of them imports with the replies. */
  questions: ReadonlyArray<RsvpQuestion>
  onDone(): void
  onCancel(): void
}

export function ImportPanel({ existing, questions, onDone, onCancel }: ImportPanelProps) {
  const { t } = useTranslation('guests')
  const importMany = useGuestsStore((state) => state.importMany)
  const [step, setStep] = useState<Step>('source')
  const [source, setSource] = useState<Source | null>(null)
  const [headerRow, setHeaderRow] = useState<number | null>(null)
  const [mapping, setMapping] = useState<ImportField[]>([])
  const [grouping, setGrouping] = useState<Grouping>('row')
  const [joins, setJoins] = useState<Record<number, boolean>>({})
  const [skipDuplicates, setSkipDuplicates] = useState(true)
  const [skipProblems, setSkipProblems] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)

  function start(next: Source) {
    const header = detectHeaderRow(next.rows)
    const guessed = guessMapping(next.rows, header, questions)
    setSource(next)
    setHeaderRow(header)
    setMapping(guessed)
    setGrouping(defaultGrouping(guessed, header === null ? [] : next.rows[header]!))
    setJoins({})
    setSkipProblems(false)
    setFailure(null)
    setStep('columns')
  }

  function changeHeaderRow(row: number | null) {
    if (!source) return
    const guessed = guessMapping(source.rows, row, questions)
    setHeaderRow(row)
    setMapping(guessed)
    setGrouping(defaultGrouping(guessed, row === null ? [] : source.rows[row]!))
    setJoins({})
  }

  const preview = useMemo(() => {
    if (!source) return null
    const built = buildImport(source.rows, { headerRow, mapping, grouping, joins, questions })
    return { ...built, households: markDuplicates(built.households, existing) }
  }, [source, headerRow, mapping, grouping, joins, existing, questions])

  async function save() {
    if (!preview) return
    setSaving(true)
    setFailure(null)
    try {
      setResult(await importMany(householdsToImport(preview.households, skipDuplicates)))
      setStep('done')
    } catch (error) {
      setFailure(errorMessage(error, t, 'guests'))
    } finally {
      setSaving(false)
    }
  }

  function reset() {
    setSource(null)
    setResult(null)
    setStep('source')
  }

  return (
    <div className="flex min-h-full flex-col">
      {step !== 'done' && <Steps step={step} />}
      <div className="flex-1 pb-6">
        {step === 'source' && <SourceStep onRows={start} />}
        {step === 'columns' && source && preview && (
          <ColumnsStep
            source={source}
            headerRow={headerRow}
            onHeaderRow={changeHeaderRow}
            mapping={mapping}
            questions={questions}
            onMapping={(column, field) => {
              setMapping((current) =>
                current.map((value, index) => (index === column ? field : value)),
              )
              setJoins({})
            }}
            grouping={grouping}
            onGrouping={(value) => {
              setGrouping(value)
              setJoins({})
            }}
            needsNameColumn={preview.needsNameColumn}
          />
        )}
        {step === 'review' && preview && (
          <ReviewStep
            households={preview.households}
            rowCount={preview.rowCount}
            canRegroup={grouping !== 'column'}
            onJoin={(row, join) => setJoins((current) => ({ ...current, [row]: join }))}
            skipDuplicates={skipDuplicates}
            onSkipDuplicates={setSkipDuplicates}
            skipProblems={skipProblems}
            onSkipProblems={setSkipProblems}
            failure={failure}
            saving={saving}
          />
        )}
        {step === 'done' && result && (
          <div className="py-8 text-center" role="status">
            <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-emerald-600" />
            <p className="mt-4 font-display text-2xl text-ink">
              {t('import.done.title', { count: result.households })}
            </p>
            <p className="mt-2 text-muted">{t('import.done.body', { count: result.persons })}</p>
            {result.replies > 0 && (
              <p className="mt-1 text-muted">
                {t('import.done.replies', { count: result.replies })}
              </p>
            )}
          </div>
        )}
      </div>

      <div className="sticky -bottom-5 -mx-6 -mb-5 flex justify-end gap-2 border-t border-line bg-white px-4 py-4 sm:gap-3 sm:px-6">
        {step === 'source' && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('common:actions.cancel')}
          </button>
        )}
        {step === 'columns' && (
          <>
            <button
              type="button"
              className={`btn btn-secondary mr-auto ${footerButton}`}
              onClick={reset}
            >
              {t('common:actions.back')}
            </button>
            <button
              type="button"
              className={`btn btn-primary ${footerButton} flex-1 sm:flex-none`}
              disabled={preview?.needsNameColumn}
              onClick={() => setStep('review')}
            >
              {t('import.next')}
            </button>
          </>
        )}
        {step === 'review' && preview && (
          <ReviewActions
            households={preview.households}
            skipDuplicates={skipDuplicates}
            skipProblems={skipProblems}
            saving={saving}
            onBack={() => setStep('columns')}
            onImport={save}
          />
        )}
        {step === 'done' && (
          <>
            <button
              type="button"
              className={`btn btn-secondary mr-auto ${footerButton}`}
              onClick={reset}
            >
              {t('import.done.another')}
            </button>
            <button type="button" className={`btn btn-primary ${footerButton}`} onClick={onDone}>
              {t('import.done.close')}
            </button>
          </>
        )}
      </div>
    </div>
  )
}

function Steps({ step }: { step: Step }) {
  const { t } = useTranslation('guests')
  const steps = ['source', 'columns', 'review'] as const
  const current = steps.indexOf(step as (typeof steps)[number])
  return (
    <ol
      className="mb-5 flex items-center gap-1.5 text-xs font-medium sm:gap-2 sm:text-sm"
      aria-label={t('import.stepsLabel')}
    >
      {steps.map((name, index) => (
        <li
          key={name}
          className="flex items-center gap-1.5 whitespace-nowrap sm:gap-2"
          aria-current={index === current ? 'step' : undefined}
        >
          <span
            className={`flex size-6 items-center justify-center rounded-full text-xs ${
              index <= current ? 'bg-brand-600 text-white' : 'bg-brand-50 text-brand-700'
            }`}
          >
            {index + 1}
          </span>
          <span className={index === current ? 'text-ink' : 'text-muted'}>
            {t(`import.steps.${name}`)}
          </span>
          {index < steps.length - 1 && (
            <span aria-hidden="true" className="mx-0.5 h-px w-3 bg-line sm:mx-1 sm:w-8" />
          )}
        </li>
      ))}
    </ol>
  )
}

function SourceStep({ onRows }: { onRows(source: Source): void }) {
  const { t } = useTranslation('guests')
  const inputId = useId()
  const [pasted, setPasted] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const [busy, setBusy] = useState(false)

  async function readRows(name: string, read: () => Promise<string>) {
    setProblem(null)
    setBusy(true)
    try {
      const rows = await parseCsv(await read())
      if (rows.every((row) => row.every((cell) => cell.trim() === '')))
        setProblem(t('import.source.empty'))
      else onRows({ name, rows })
    } catch {
      setProblem(t('import.source.unreadable'))
    } finally {
      setBusy(false)
    }
  }

  function takeFile(file: File | undefined) {
    if (!file) return
    if (file.size > maxFileBytes) return setProblem(t('import.source.tooLarge'))
    void readRows(file.name, () => readTextFile(file))
  }

  async function downloadTemplate() {
    try {
      downloadFile('kasalan-guest-list-template.csv', await toCsv(importTemplateRows()))
    } catch {
      setProblem(t('csv.failed'))
    }
  }

  return (
    <div className="space-y-6">
      {problem && <Alert tone="error">{problem}</Alert>}
      <div
        className={`rounded-2xl border-2 border-dashed p-6 text-center transition-colors ${dragging ? 'border-brand-500 bg-brand-50' : 'border-line bg-canvas'}`}
        onDragOver={(event: DragEvent) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event: DragEvent) => {
          event.preventDefault()
          setDragging(false)
          takeFile(event.dataTransfer.files[0])
        }}
      >
        <FileUp aria-hidden="true" className="mx-auto size-8 text-brand-600" />
        <p className="mt-3 font-semibold text-ink">{t('import.source.fileTitle')}</p>
        <p className="mt-1 text-sm text-muted">{t('import.source.fileHint')}</p>
        <label htmlFor={inputId} className="btn btn-primary mt-4 cursor-pointer">
          {t('import.source.choose')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          className="sr-only"
          disabled={busy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            takeFile(event.target.files?.[0])
            event.target.value = ''
          }}
        />
      </div>

      <div className="flex items-center gap-3 text-xs font-semibold uppercase tracking-wide text-muted">
        <span className="h-px flex-1 bg-line" />
        {t('import.source.or')}
        <span className="h-px flex-1 bg-line" />
      </div>

      <div className="space-y-3">
        <Field label={t('import.source.pasteLabel')} hint={t('import.source.pasteHint')}>
          {(control) => (
            <textarea
              {...control}
              rows={5}
              className="field-input font-mono text-sm"
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              placeholder={t('import.source.pastePlaceholder')}
              spellCheck={false}
            />
          )}
        </Field>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || pasted.trim() === ''}
          onClick={() => void readRows(t('import.source.pastedName'), async () => pasted)}
        >
          {t('import.source.usePasted')}
        </button>
      </div>

      <div className="rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
        <p className="font-semibold">{t('import.source.templateTitle')}</p>
        <p className="mt-1">{t('import.source.templateBody')}</p>
        <button
          type="button"
          className="mt-3 inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-2"
          onClick={() => void downloadTemplate()}
        >
          <Download aria-hidden="true" className="size-4" />
          {t('import.source.template')}
        </button>
      </div>
    </div>
  )
}

interface ColumnsStepProps {
  source: Source
  headerRow: number | null
  onHeaderRow(row: number | null): void
  mapping: ImportField[]
  questions: ReadonlyArray<RsvpQuestion>
  onMapping(column: number, field: ImportField): void
  grouping: Grouping
  onGrouping(grouping: Grouping): void
  needsNameColumn: boolean
}

function ColumnsStep({
  source,
  headerRow,
  onHeaderRow,
  mapping,
  questions,
  onMapping,
  grouping,
  onGrouping,
  needsNameColumn,
}: ColumnsStepProps) {
  const { t } = useTranslation('guests')
  const header = headerRow === null ? [] : (source.rows[headerRow] ?? [])
  const dataFrom = headerRow === null ? 0 : headerRow + 1
  const candidates = Math.min(source.rows.length, 20)

  return (
    <div className="space-y-5">
      <p className="text-sm text-muted">
        {t('import.columns.intro', { name: source.name, count: source.rows.length - dataFrom })}
      </p>
      {needsNameColumn && <Alert tone="error">{t('import.columns.needsName')}</Alert>}

      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('import.columns.headerRow')}
          hint={
            headerRow === null
              ? t('import.columns.noHeaderHint')
              : t('import.columns.headerHint', { row: headerRow + 1 })
          }
        >
          {(control) => (
            <select
              {...control}
              className="field-input"
              value={headerRow ?? 'none'}
              onChange={(event) =>
                onHeaderRow(event.target.value === 'none' ? null : Number(event.target.value))
              }
            >
              <option value="none">{t('import.columns.noHeader')}</option>
              {Array.from({ length: candidates }, (_, row) => (
                <option key={row} value={row}>
                  {t('import.columns.rowOption', {
                    row: row + 1,
                    preview: source.rows[row]!.filter(Boolean).slice(0, 3).join(', ').slice(0, 40),
                  })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('import.columns.grouping')}
          hint={t(`import.columns.groupingHint.${grouping}`)}
        >
          {(control) => (
            <select
              {...control}
              className="field-input"
              value={grouping}
              onChange={(event) => onGrouping(event.target.value as Grouping)}
            >
              <option value="column" disabled={!mapping.includes('household')}>
                {t('import.columns.groupingOption.column')}
              </option>
              <option value="auto">{t('import.columns.groupingOption.auto')}</option>
              <option value="row">{t('import.columns.groupingOption.row')}</option>
            </select>
          )}
        </Field>
      </div>

      <ul className="divide-y divide-line rounded-xl border border-line">
        {mapping.map((field, column) => {
          const samples = source.rows
            .slice(dataFrom)
            .map((row) => row[column]?.trim())
            .filter(Boolean)
            .slice(0, 3) as string[]
          return (
            <li
              key={column}
              className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-ink">
                  <span className="mr-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-700">
                    {columnLetter(column)}
                  </span>
                  {header[column]?.trim() || t('import.columns.untitled')}
                </p>
                <p className="mt-1 truncate text-sm text-muted">
                  {samples.length ? samples.join(' · ') : t('import.columns.emptyColumn')}
                </p>
              </div>
              <label className="sr-only" htmlFor={`import-column-${column}`}>
                {t('import.columns.fieldFor', {
                  column: columnLetter(column),
                  name: header[column]?.trim() || t('import.columns.untitled'),
                })}
              </label>
              <select
                id={`import-column-${column}`}
                className={`field-input ${field === 'ignore' ? 'text-muted' : ''}`}
                value={field}
                onChange={(event) => onMapping(column, event.target.value as ImportField)}
              >
                {importFields.map((option) => (
                  <option key={option} value={option}>
                    {t(`import.fields.${option}`)}
                  </option>
                ))}
                {questions.map((question) => (
                  <option key={question.id} value={answerField(question.id)}>
                    {t('import.fields.answer', { question: question.question })}
                  </option>
                ))}
              </select>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

interface ReviewStepProps {
  households: ImportHousehold[]
  rowCount: number
  canRegroup: boolean
  onJoin(row: number, join: boolean): void
  skipDuplicates: boolean
  onSkipDuplicates(skip: boolean): void
  skipProblems: boolean
  onSkipProblems(skip: boolean): void
  failure: string | null
  saving: boolean
}

function summarize(households: ImportHousehold[]) {
  const withErrors = households.filter((h) => h.hasErrors)
  const duplicates = households.filter((h) => !h.hasErrors && h.duplicates.length > 0)
  // Every household has a problem: no choice here would import anything, so none is offered.
  return { withErrors, duplicates, nothingImportable: withErrors.length === households.length }
}

function ReviewStep({
  households,
  rowCount,
  canRegroup,
  onJoin,
  skipDuplicates,
  onSkipDuplicates,
  skipProblems,
  onSkipProblems,
  failure,
  saving,
}: ReviewStepProps) {
  const { t } = useTranslation('guests')
  const { withErrors, duplicates, nothingImportable } = summarize(households)
  const persons = households.reduce((sum, h) => sum + h.persons.length, 0)
  const replies = households.reduce((sum, h) => sum + h.persons.filter((p) => p.reply).length, 0)
  // Problems first, so nothing that needs the couple's eye is buried under a long list.
  const ordered = [...households].sort((a, b) => rank(a) - rank(b))
  const shown = ordered.slice(0, shownHouseholds)

  return (
    <fieldset disabled={saving} className="space-y-4">
      <legend className="sr-only">{t('import.steps.review')}</legend>
      {failure && (
        <Alert tone="error">
          <p className="font-semibold">{t('import.review.failed')}</p>
          <p>{failure}</p>
        </Alert>
      )}
      <p className="text-sm text-muted">
        {t('import.review.summary', {
          count: rowCount,
          households: t('import.review.householdCount', { count: households.length }),
          guests: t('import.review.guestCount', { count: persons }),
        })}
        {replies > 0 && ` ${t('import.review.replies', { count: replies })}`}
      </p>

      {nothingImportable && <Alert tone="error">{t('import.review.nothingToImport')}</Alert>}
      {withErrors.length > 0 && !nothingImportable && (
        <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{t('import.review.errors', { count: withErrors.length })}</p>
          <label className="mt-2 flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={skipProblems}
              onChange={(event) => onSkipProblems(event.target.checked)}
            />
            <span>{t('import.review.skipErrors', { count: withErrors.length })}</span>
          </label>
        </div>
      )}
      {duplicates.length > 0 && (
        <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">
            {t('import.review.duplicates', { count: duplicates.length })}
          </p>
          <label className="mt-2 flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={skipDuplicates}
              onChange={(event) => onSkipDuplicates(event.target.checked)}
            />
            <span>{t('import.review.skipDuplicates', { count: duplicates.length })}</span>
          </label>
          {skipDuplicates && householdsToImport(households, true).length === 0 && (
            <p className="mt-2">{t('import.review.allAlreadyListed')}</p>
          )}
        </div>
      )}

      <ol className="space-y-2" aria-label={t('import.review.listLabel')}>
        {shown.map((household) => (
          <HouseholdPreview
            key={household.firstRow}
            household={household}
            canRegroup={canRegroup}
            first={household === households[0]}
            onJoin={onJoin}
            skipped={skipDuplicates && household.duplicates.length > 0}
          />
        ))}
      </ol>
      {ordered.length > shown.length && (
        <p className="text-sm text-muted">
          {t('import.review.more', { count: ordered.length - shown.length })}
        </p>
      )}
    </fieldset>
  )
}

function rank(household: ImportHousehold) {
  if (household.hasErrors) return 0
  if (household.duplicates.length > 0) return 1
  if (household.problems.length > 0 || household.persons.some((p) => p.problems.length > 0))
    return 2
  return 3
}

function ProblemText({ problem }: { problem: ImportProblem }) {
  const { t } = useTranslation('guests')
  const Icon = problem.severity === 'error' ? XCircle : AlertTriangle
  return (
    <li
      className={`flex items-start gap-1.5 text-sm ${problem.severity === 'error' ? 'text-red-800' : 'text-amber-800'}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="sr-only">{t(`import.severity.${problem.severity}`)}: </span>
        {t(`import.problems.${problem.code}`, {
          value: problem.value ?? '',
          max: problem.max,
          question: problem.question ?? '',
        })}
      </span>
    </li>
  )
}

function HouseholdPreview({
  household,
  canRegroup,
  first,
  onJoin,
  skipped,
}: {
  household: ImportHousehold
  canRegroup: boolean
  first: boolean
  onJoin(row: number, join: boolean): void
  skipped: boolean
}) {
  const { t } = useTranslation('guests')
  const tone = household.hasErrors
    ? 'border-red-200'
    : household.duplicates.length > 0
      ? 'border-amber-200'
      : 'border-line'
  const rows = household.persons.map((person) => person.row + 1)
  const rowText =
    rows.length === 1
      ? t('import.review.row', { row: rows[0] })
      : t('import.review.rows', { from: rows[0], to: rows[rows.length - 1] })
  return (
    <li className={`rounded-xl border bg-white p-3 ${tone} ${skipped ? 'opacity-60' : ''}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">{rowText}</p>
        {household.hasErrors ? (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
            {t('import.review.notImported')}
          </span>
        ) : skipped ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">
            {t('import.review.skipped')}
          </span>
        ) : (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            {t('import.review.ready')}
          </span>
        )}
      </div>
      <ul className="mt-2 space-y-1">
        {household.persons.map((person, index) => (
          <li key={person.row}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-ink">
                {[person.title, person.firstName, person.lastName, person.suffix]
                  .filter(Boolean)
                  .join(' ') || t('import.review.noName')}
              </span>
              {person.type === 'child' && (
                <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800">
                  {t('person.child')}
                </span>
              )}
              {canRegroup && index > 0 && (
                <button
                  type="button"
                  className="inline-flex items-center gap-1 text-xs font-semibold text-brand-700 hover:underline"
                  onClick={() => onJoin(person.row, false)}
                >
                  <Unlink aria-hidden="true" className="size-3.5" />
                  {t('import.review.split')}
                </button>
              )}
            </div>
            {person.problems.length > 0 && (
              <ul className="mt-1 space-y-0.5">
                {person.problems.map((problem, i) => (
                  <ProblemText key={i} problem={problem} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {(household.problems.length > 0 || household.duplicates.length > 0) && (
        <ul className="mt-2 space-y-0.5">
          {household.problems.map((problem, i) => (
            <ProblemText key={i} problem={problem} />
          ))}
          {household.duplicates.length > 0 && (
            <li className="flex items-start gap-1.5 text-sm text-amber-800">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {t('import.review.alreadyListed', { names: household.duplicates.join(', ') })}
              </span>
            </li>
          )}
        </ul>
      )}
      {canRegroup && !first && (
        <button
          type="button"
          className="mt-2 inline-flex items-center gap-1 text-xs font-semibold text-brand-700 hover:underline"
          onClick={() => onJoin(household.firstRow, true)}
        >
          <Link2 aria-hidden="true" className="size-3.5" />
          {t('import.review.join')}
        </button>
      )}
    </li>
  )
}

function ReviewActions({
  households,
  skipDuplicates,
  skipProblems,
  saving,
  onBack,
  onImport,
}: {
  households: ImportHousehold[]
  skipDuplicates: boolean
  skipProblems: boolean
  saving: boolean
  onBack(): void
  onImport(): void
}) {
  const { t } = useTranslation('guests')
  const { withErrors } = summarize(households)
  const toImport = householdsToImport(households, skipDuplicates)
  const persons = toImport.reduce((sum, h) => sum + h.persons.length, 0)
  const blocked = withErrors.length > 0 && !skipProblems
  return (
    <>
      <button
        type="button"
        className={`btn btn-secondary mr-auto ${footerButton}`}
        onClick={onBack}
        disabled={saving}
      >
        {t('common:actions.back')}
      </button>
      {/* Never "Import 0 households": a button that would do nothing is not shown. */}
      {toImport.length > 0 && (
        <button
          type="button"
          className={`btn btn-primary ${footerButton} flex-1 sm:flex-none`}
          disabled={blocked || saving}
          onClick={onImport}
        >
          {saving ? (
            t('import.saving')
          ) : (
            <span>
              {t('import.submit', { count: toImport.length })}{' '}
              {/* The guest count gives way on a phone, so the button stays one line. */}
              <span className="hidden sm:inline">
                {t('import.submitGuests', { count: persons })}
              </span>
            </span>
          )}
        </button>
      )}
    </>
  )
}
