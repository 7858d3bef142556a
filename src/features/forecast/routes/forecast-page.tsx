import { ArrowLeft, Download, Printer } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { Field } from '@/components/field'
import { rowsSharedWithNeighbours } from '@/components/management-styles'
import { LoadFailed } from '@/components/load-failed'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { PageSpinner } from '@/components/page-spinner'
import { useDocumentTitle } from '@/components/use-document-title'
import type { Wedding } from '@/lib/api'
import { listEvents } from '@/lib/api/events'
import { getPaxForecast, savePaxForecastSettings, type PaxForecast } from '@/lib/api/forecast'
import { downloadFile, toCsv } from '@/lib/csv'
import { formatLongDate, todayInManila } from '@/lib/dates'
import { errorMessage } from '@/lib/errors'
import { displayCouple } from '@/lib/names'
import { paths } from '@/lib/paths'
import { paxRange } from '@/lib/pax-range'
import { useLoad } from '@/lib/use-load'
import {
  forecastCsvRows,
  readSettings,
  settingBounds,
  settingsOnRefresh,
  settingTexts,
  type ForecastSettings,
  type SettingKey,
  type SettingTexts,
} from '../model/forecast'
import { useRefreshOnReturn } from '@/lib/use-refresh-on-return'

// On paper only the caterer's sheet shows: the page's controls and the app's header are hidden. No
// page size is set, so the sheet prints on the printer's paper, A4 or letter, within both widths.
// In the app's sans-serif throughout (its display face is the device's own serif, which on paper
// may be any), at 10 pt, the figures two by two: a usual wedding's sheet is one page. A long list
// of answers goes on to the next page row by row, its heading kept with its first rows, rather
// than leaving a page with a question alone.
const printCss = `
@media print {
  @page { margin: 14mm; }
  html, body { background: #fff !important; }
  body * { background-color: transparent !important; }
  .caterer-sheet { display: block !important; color: #000; font-family: var(--font-sans); font-size: 10pt; line-height: 1.35; }
  .caterer-sheet h1 { font-size: 16pt; font-weight: 700; }
  .caterer-sheet h2, .caterer-sheet h3 { break-after: avoid; }
  .caterer-sheet table { border-collapse: collapse; width: 100%; font-size: 10pt; }
  .caterer-sheet th, .caterer-sheet td { padding: 1.5pt 6pt 1.5pt 0; vertical-align: top; }
  .caterer-sheet thead { display: table-header-group; }
  .caterer-sheet thead tr { border-bottom: 1.5pt solid #000; }
  .caterer-sheet tbody tr { border-bottom: 0.5pt solid #a8a29e; break-inside: avoid; }
  .caterer-sheet .sheet-figures { display: grid; grid-template-columns: 1fr 1fr; column-gap: 10mm; }
  .caterer-sheet .sheet-figures > div { display: flex; justify-content: space-between; gap: 6pt; border-bottom: 0.5pt solid #a8a29e; padding: 1.5pt 0; break-inside: avoid; }
}
`

/** /manage/rsvps/forecast: the pax forecast, its assumptions, the meal split and the caterer's sheet. */
export function ForecastPage() {
  const { t } = useTranslation('forecast')
  useDocumentTitle(t('title'))
  return (
    <MyWeddingGate namespace="forecast">
      {(wedding) => <ForecastScreen wedding={wedding} />}
    </MyWeddingGate>
  )
}

function ForecastScreen({ wedding }: { wedding: Wedding }) {
  const { t, i18n } = useTranslation('forecast')
  // When events take RSVPs, the forecast is of one of them (null: the main one, as before).
  const [eventId, setEventId] = useState<string | null>(null)
  const { data: events } = useLoad(() => listEvents(wedding.id).catch(() => []), [wedding.id])
  const taking = (events ?? []).filter((event) => event.takesRsvp)
  const chooserId = useId()
  const {
    data: forecast,
    error,
    reload,
    refresh,
    setData,
  } = useLoad(() => getPaxForecast(wedding.id, eventId), [wedding.id, eventId])
  // Above the form, which starts again from the saved settings after each save.
  const [notice, setNotice] = useState<Notice>(null)
  useRefreshOnReturn(refresh)
  const language = i18n.language === 'fil' ? 'fil' : 'en'

  if (error && !forecast)
    return <LoadFailed message={errorMessage(error, t, 'forecast')} onRetry={reload} />
  if (!forecast) return <PageSpinner />

  // The caterer's sheet names the event it is for, when events take RSVPs.
  const shownEvent = taking.find((event) => (eventId ? event.id === eventId : event.isMain))
  const couple = [displayCouple(wedding.bride, wedding.groom), shownEvent?.name.trim()]
    .filter(Boolean)
    .join(' · ')
  const weddingDate = wedding.date ? formatLongDate(wedding.date, language) : ''
  const range = paxRange(t, forecast.low, forecast.high)
  const assumptions = assumptionsText(t, forecast)

  const exportCsv = async () => {
    const rows = forecastCsvRows(
      forecast,
      { couple, date: weddingDate, range, assumptions },
      {
        wedding: t('sheet.wedding'),
        date: t('sheet.date'),
        range: t('sheet.range'),
        assumptions: t('sheet.assumptions'),
        confirmedAdults: t('sheet.confirmedAdults'),
        confirmedChildren: t('sheet.confirmedChildren'),
        declined: t('sheet.declined'),
        pending: t('sheet.pending'),
        expectedFromPending: t('sheet.expectedFromPending'),
        noShows: t('sheet.noShows'),
        walkIns: t('sheet.walkIns'),
        question: t('sheet.question'),
        answer: t('sheet.answer'),
        count: t('sheet.count'),
        guest: t('sheet.guest'),
        unanswered: t('sheet.unanswered'),
      },
    )
    downloadFile(`${t('sheet.fileName')}-${todayInManila()}.csv`, await toCsv(rows))
  }

  const figures = [
    ['confirmedAdults', forecast.confirmed.adults],
    ['confirmedChildren', forecast.confirmed.children],
    ['declined', forecast.declined],
    ['pending', forecast.pending],
    ['expectedFromPending', forecast.expectedFromPending],
    ['noShows', forecast.noShows],
    ['walkIns', forecast.walkIns],
    ['mayCome', forecast.mayCome],
  ] as const

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 print:max-w-none print:p-0">
      <style>{printCss}</style>
      <div className="space-y-6 print:hidden">
        <Link
          to={paths.manage.rsvps}
          className="inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('back')}
        </Link>
        <header>
          <h1 className="font-display text-3xl">{t('title')}</h1>
          <p className="mt-1 text-muted">{t('intro')}</p>
        </header>

        {taking.length > 0 && (
          <div>
            <label htmlFor={chooserId} className="field-label">
              {t('event.chooser')}
            </label>
            <select
              id={chooserId}
              className="field-input sm:w-auto"
              value={eventId ?? taking.find((event) => event.isMain)?.id ?? ''}
              onChange={(changed) => {
                const chosen = taking.find((event) => event.id === changed.target.value)
                setEventId(chosen && !chosen.isMain ? chosen.id : null)
              }}
            >
              {taking.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.isMain
                    ? t('event.main', { name: event.name.trim() || t('event.unnamed') })
                    : event.name.trim() || t('event.unnamed')}
                </option>
              ))}
            </select>
          </div>
        )}

        <section
          aria-labelledby="forecast-range"
          className="rounded-2xl border border-brand-200 bg-brand-50 px-4 py-4"
        >
          <h2 id="forecast-range" className="text-sm font-semibold text-brand-900">
            {t('range.label')}
          </h2>
          <p data-testid="forecast-range" className="font-display text-4xl text-brand-900">
            {range}
          </p>
          <p className="mt-2 text-sm text-brand-900">{assumptions}</p>
        </section>

        <section aria-labelledby="forecast-figures">
          <h2 id="forecast-figures" className="text-lg font-semibold">
            {t('figures.title')}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {figures.map(([key, value]) => (
              // The number at the card's foot, level with its neighbours' when a label wraps.
              <div
                key={key}
                data-testid={`forecast-${key}`}
                className="flex flex-col justify-between rounded-2xl border border-line bg-white px-4 py-3"
              >
                <dt className="text-sm text-muted">{t(`figures.${key}`)}</dt>
                <dd className="font-display text-3xl">{n(t, value)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-muted">
            {t('figures.households', {
              answered: n(t, forecast.households.answered),
              total: n(t, forecast.households.total),
            })}{' '}
            {forecast.beyondSeats > 0
              ? t('figures.beyondSeats', {
                  count: forecast.beyondSeats,
                  noReply: n(t, forecast.noReply),
                })
              : t('figures.pendingHint')}{' '}
            {t('figures.mayComeHint')}
            {forecast.isPrivate && <> {t('figures.privateNoWalkIns')}</>}
          </p>
        </section>

        <SettingsForm
          forecast={forecast}
          notice={notice}
          onNotice={setNotice}
          onSave={async (settings) => {
            const saved = await savePaxForecastSettings(wedding.id, settings)
            // The saved figures are the main event's: another event's are read again with the new assumptions.
            setData(eventId ? await getPaxForecast(wedding.id, eventId) : saved)
          }}
        />

        <section aria-labelledby="forecast-split" className="space-y-4">
          <div>
            <h2 id="forecast-split" className="text-lg font-semibold">
              {t('split.title')}
            </h2>
            <p className="mt-1 text-sm text-muted">
              {forecast.questions.length ? t('split.intro') : t('split.none')}
            </p>
          </div>
          <QuestionTables forecast={forecast} />
        </section>

        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            {t('actions.print')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()}>
            <Download aria-hidden="true" className="size-4" />
            {t('actions.csv')}
          </button>
        </div>
      </div>

      <CatererSheet
        forecast={forecast}
        couple={couple}
        date={weddingDate}
        range={range}
        assumptions={assumptions}
      />
    </div>
  )
}

type T = ReturnType<typeof useTranslation>['t']

const n = (t: T, value: number) => t('common:number', { value })

function assumptionsText(t: T, forecast: PaxForecast) {
  return t('range.assumptions', {
    confirmed: n(t, forecast.confirmed.total),
    noShowPct: forecast.settings.noShowPct,
    noShows: n(t, forecast.noShows),
    expectedPct: forecast.settings.expectedPct,
    pending: n(t, forecast.pending),
    expected: n(t, forecast.expectedFromPending),
    walkIns: n(t, forecast.walkIns),
  })
}

type Notice = { tone: 'success' | 'error'; text: string } | null

/** The model's reading of the fields (readSettings) as the form's rule: a whole number within each field's bounds. */
const settingsResolver: Resolver<SettingTexts, unknown, ForecastSettings> = (texts) => {
  const read = readSettings(texts)
  if ('settings' in read) return { values: read.settings, errors: {} }
  const errors = Object.fromEntries(
    read.invalid.map((key) => [key, { type: 'validate', message: 'settings.invalid' }]),
  )
  return { values: {}, errors: errors as FieldErrors<SettingTexts> }
}

function SettingsForm({
  forecast,
  notice,
  onNotice: setNotice,
  onSave,
}: {
  forecast: PaxForecast
  notice: Notice
  onNotice(notice: Notice): void
  onSave(settings: PaxForecast['settings']): Promise<void>
}) {
  const { t } = useTranslation('forecast')
  // A field's message stays until the next save.
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors, isSubmitting: busy },
  } = useForm<SettingTexts, unknown, ForecastSettings>({
    defaultValues: settingTexts(forecast.settings),
    resolver: settingsResolver,
    reValidateMode: 'onSubmit',
  })
  // Saved settings that change under the form (a refresh after another member saved) replace the
  // fields only when nothing typed is waiting to be saved.
  const shown = useRef(forecast.settings)
  useEffect(() => {
    const previous = shown.current
    shown.current = forecast.settings
    if (JSON.stringify(previous) === JSON.stringify(forecast.settings)) return
    const texts = getValues()
    const next = settingsOnRefresh(texts, previous, forecast.settings)
    if (next !== texts) reset(next)
  }, [forecast.settings, getValues, reset])

  const submit = handleSubmit(
    async (settings) => {
      try {
        await onSave(settings)
        setNotice({ tone: 'success', text: t('settings.saved') })
      } catch (error) {
        setNotice({ tone: 'error', text: errorMessage(error, t, 'forecast') })
      }
    },
    () => setNotice(null),
  )

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby="forecast-settings"
      className="space-y-4 rounded-2xl border border-line bg-white px-4 py-4"
      noValidate
    >
      <h2 id="forecast-settings" className="text-lg font-semibold">
        {t('settings.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {(Object.keys(settingBounds) as SettingKey[]).map((key) => (
          <Field
            key={key}
            style={rowsSharedWithNeighbours}
            label={t(`settings.${key}`)}
            hint={t(`settings.${key}Hint`)}
            error={errors[key]?.message ? t(errors[key].message, settingBounds[key]) : null}
          >
            {(control) => (
              <input
                {...control}
                className="field-input tabular-nums"
                type="number"
                inputMode="numeric"
                min={settingBounds[key].min}
                max={settingBounds[key].max}
                step={1}
                {...register(key)}
              />
            )}
          </Field>
        ))}
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('settings.saving') : t('settings.save')}
      </button>
    </form>
  )
}

function QuestionTables({
  forecast,
  printed = false,
}: {
  forecast: PaxForecast
  printed?: boolean
}) {
  const { t } = useTranslation('forecast')
  const labels = printed ? 'sheet' : 'split'
  return (
    <>
      {forecast.questions.map((question) => (
        <section
          key={question.id}
          className={printed ? 'mt-3' : 'rounded-2xl border border-line bg-white px-4 py-3'}
        >
          <h3 className="font-semibold">{question.question}</h3>
          <table className={printed ? 'mt-1 w-full text-left' : 'mt-2 w-full text-left text-sm'}>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {t(question.kind === 'choice' ? `${labels}.answer` : `${labels}.guest`)}
                </th>
                <th scope="col" className={question.kind === 'choice' ? 'py-1 text-right' : 'py-1'}>
                  {t(question.kind === 'choice' ? `${labels}.count` : `${labels}.answer`)}
                </th>
              </tr>
            </thead>
            <tbody>
              {question.kind === 'choice'
                ? question.counts.map(({ answer, count }) => (
                    <tr key={answer} className="border-t border-line">
                      <td className="py-1 pr-3">{answer}</td>
                      <td className="py-1 text-right tabular-nums">{n(t, count)}</td>
                    </tr>
                  ))
                : question.answers.map(({ firstName, lastName, answer }, index) => (
                    <tr key={index} className="border-t border-line">
                      <td className="py-1 pr-3">{`${firstName} ${lastName}`.trim()}</td>
                      <td className="py-1">{answer}</td>
                    </tr>
                  ))}
              {question.kind === 'choice' && (
                <tr className="border-t border-line text-muted">
                  <td className="py-1 pr-3">{t(`${labels}.unanswered`)}</td>
                  <td className="py-1 text-right tabular-nums">{n(t, question.unanswered)}</td>
                </tr>
              )}
            </tbody>
          </table>
          {question.kind === 'text' && (
            <p className={printed ? 'mt-1' : 'mt-1 text-sm text-muted'}>
              {t(`${labels}.unansweredCount`, { number: n(t, question.unanswered) })}
            </p>
          )}
        </section>
      ))}
    </>
  )
}

/** The sheet for the caterer: only on paper. */
function CatererSheet({
  forecast,
  couple,
  date,
  range,
  assumptions,
}: {
  forecast: PaxForecast
  couple: string
  date: string
  range: string
  assumptions: string
}) {
  const { t, i18n } = useTranslation('forecast')
  const rows = [
    ['confirmedAdults', forecast.confirmed.adults],
    ['confirmedChildren', forecast.confirmed.children],
    ['declined', forecast.declined],
    ['pending', forecast.pending],
    ['expectedFromPending', forecast.expectedFromPending],
    ['noShows', forecast.noShows],
    ['walkIns', forecast.walkIns],
  ] as const
  return (
    <div className="caterer-sheet hidden" data-testid="caterer-sheet">
      <h1>{t('sheet.title')}</h1>
      <p>
        {couple}
        {date && ` · ${date}`}
      </p>
      <p className="text-sm">
        {t('sheet.printedOn', {
          date: formatLongDate(todayInManila(), i18n.language === 'fil' ? 'fil' : 'en'),
        })}
      </p>
      <section className="mt-4">
        <h2 className="font-semibold">{t('sheet.range')}</h2>
        <p className="text-2xl font-bold tabular-nums" data-testid="sheet-range">
          {range}
        </p>
        <p>{assumptions}</p>
      </section>
      <dl className="sheet-figures mt-3">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt className="font-semibold">{t(`sheet.${key}`)}</dt>
            <dd data-testid={`sheet-${key}`} className="tabular-nums">
              {n(t, value)}
            </dd>
          </div>
        ))}
      </dl>
      <QuestionTables forecast={forecast} printed />
    </div>
  )
}
