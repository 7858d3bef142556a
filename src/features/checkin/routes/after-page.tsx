import { ArrowLeft, Download } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadFailed } from '@/components/load-failed'
import { PageSpinner } from '@/components/page-spinner'
import { useDocumentTitle } from '@/components/use-document-title'
import type { Wedding } from '@/lib/api'
import { getCheckinRoster, type CheckinRoster } from '@/lib/api/checkin'
import { downloadFile, toCsv } from '@/lib/csv'
import { todayInManila } from '@/lib/dates'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { useMyWedding } from '@/lib/session'
import { useLoad } from '@/lib/use-load'
import { afterTheDay, householdTitle, personName, type AfterRow } from '../checkin-model'

/** /manage/checkin/after: who came against who said yes, by side and by table, and whom to thank. */
export function CheckinAfterPage() {
  const { t } = useTranslation('checkin')
  useDocumentTitle(t('after.title'))
  const { wedding, status, error, reload } = useMyWedding()
  if (status === 'error')
    return <LoadFailed message={errorMessage(error, t, 'checkin')} onRetry={() => void reload()} />
  if (!wedding) return <PageSpinner />
  return <After wedding={wedding} />
}

function After({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('checkin')
  const { data: roster, error, reload } = useLoad(() => getCheckinRoster(wedding.id), [wedding.id])
  if (error != null && !roster)
    return <LoadFailed message={errorMessage(error, t, 'checkin')} onRetry={reload} />
  if (!roster) return <PageSpinner />
  return <Figures roster={roster} />
}

function Figures({ roster }: { roster: CheckinRoster }) {
  const { t } = useTranslation('checkin')
  const figures = useMemo(
    () =>
      afterTheDay(
        roster,
        {
          arrived: new Set(roster.arrivals),
          walkIns: new Map(roster.walkIns.map((walkIn) => [walkIn.id, walkIn])),
        },
        t('after.noTable'),
      ),
    [roster, t],
  )
  const tableNames = new Map(roster.tables.map((table) => [table.id, table.name]))

  async function exportCsv() {
    const rows = [
      [
        t('after.csv.household'),
        t('after.csv.came'),
        t('after.csv.regrets'),
        t('after.csv.side'),
        t('after.csv.tables'),
      ],
      ...figures.thanks.map(({ household, came, regrets }) => [
        householdTitle(household),
        came.map(personName).join(', '),
        regrets.map(personName).join(', '),
        t(`after.sides.${household.side ?? 'none'}`),
        [
          ...new Set(
            household.persons.flatMap((person) =>
              person.tableId ? [tableNames.get(person.tableId) ?? ''] : [],
            ),
          ),
        ].join(', '),
      ]),
    ]
    downloadFile(`${t('after.csv.fileName')}-${todayInManila()}.csv`, await toCsv(rows))
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      {/* Back as every screen below another goes back: an arrow, the link's words. */}
      <Link
        to={paths.manage.checkin}
        className="inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('after.back')}
      </Link>
      <h1 className="mt-3 font-display text-3xl text-ink">{t('after.title')}</h1>
      <p className="mt-1 text-muted">{t('after.intro')}</p>

      <dl className="mt-5 grid grid-cols-2 gap-3">
        {(
          [
            ['saidYes', figures.saidYes],
            ['came', figures.came],
            ['cameOfYes', figures.cameOfYes],
            ['cameUnexpected', figures.cameUnexpected],
            ['walkIns', figures.walkIns],
          ] as const
        ).map(([key, value]) => (
          // The number at the card's foot, level with its neighbour's when a label wraps.
          <div
            key={key}
            className="flex flex-col justify-between rounded-2xl border border-line bg-white p-4"
          >
            <dt className="text-sm text-muted">{t(`after.${key}`)}</dt>
            <dd className="text-3xl font-semibold text-ink" data-testid={`after-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      {/* Each side by its short name under the column's "Side": "Panig ng nobya" in full broke over
          three lines on a phone, beside the three numbers' headers. */}
      <Breakdown
        title={t('after.bySide')}
        first={t('after.side')}
        rows={figures.bySide.map((row) => ({ ...row, key: t(`after.sideRows.${row.key}`) }))}
      />
      <Breakdown title={t('after.byTable')} first={t('counts.table')} rows={figures.byTable} />

      <section className="mt-8" aria-labelledby="thanks-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="thanks-heading" className="font-display text-2xl text-ink">
            {t('after.thanks')}
          </h2>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={figures.thanks.length === 0}
            onClick={() => void exportCsv()}
          >
            <Download aria-hidden="true" className="size-5" />
            {t('after.export')}
          </button>
        </div>
        <p className="mt-1 text-muted">{t('after.thanksIntro')}</p>
        {figures.thanks.length === 0 ? (
          <p className="mt-3 text-muted">{t('after.thanksEmpty')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
            {figures.thanks.map(({ household, came, regrets }) => (
              <li key={household.id} className="px-4 py-3">
                <p className="font-semibold text-ink">{householdTitle(household)}</p>
                {came.length > 0 && (
                  <p className="text-sm text-ink">
                    {t('after.cameList', { names: came.map(personName).join(', ') })}
                  </p>
                )}
                {regrets.length > 0 && (
                  <p className="text-sm text-muted">
                    {t('after.regretsList', { names: regrets.map(personName).join(', ') })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function Breakdown({ title, first, rows }: { title: string; first: string; rows: AfterRow[] }) {
  const { t } = useTranslation('checkin')
  if (rows.length === 0) return null
  return (
    <section className="mt-8">
      <h2 className="font-display text-2xl text-ink">{title}</h2>
      <table className="mt-3 w-full break-words rounded-2xl bg-white text-left text-sm">
        <thead className="text-sm text-muted">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold">
              {first}
            </th>
            <th scope="col" className="whitespace-nowrap px-2 py-2 text-right font-semibold">
              {t('after.columns.saidYes')}
            </th>
            <th scope="col" className="whitespace-nowrap px-2 py-2 text-right font-semibold">
              {t('after.columns.came')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('after.columns.cameOfYes')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-2 py-2 font-semibold text-ink">
                {row.key}
              </th>
              <td className="px-2 py-2 text-right">{row.saidYes}</td>
              <td className="px-2 py-2 text-right">{row.came}</td>
              <td className="px-2 py-2 text-right">{row.cameOfYes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
