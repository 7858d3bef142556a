import { ArrowLeft, Printer } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageChoice } from '@/components/language-choice'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { PageSpinner } from '@/components/page-spinner'
import { RetryAlert } from '@/components/retry-alert'
import type { Wedding } from '@/lib/api'
import type { InvitationHousehold } from '@/lib/api/invitations'
import { errorMessage } from '@/lib/errors'
import type { Language, TFunction } from '@/lib/i18n'
import { useStringsIn } from '@/lib/i18n/use-strings-in'
import { displayCouple, displayFullName } from '@/lib/names'
import { paths } from '@/lib/paths'
import { qrSvg } from '@/lib/qr'
import { invitationLink, printedCode } from '@/lib/invitations/message'
import { useInvitations } from '../use-invitations'

// On paper, white: the app's grey page behind the cards (and an empty last cell) is not printed,
// even with the browser's "background graphics" on.
const printCss = `
@media print {
  html, body { background: #fff !important; }
  body * { background-color: transparent !important; }
}
`

/**
 * /manage/invitations/print: every household's code and QR code on cards, ready to print and cut,
 * in the language chosen for the cards (the site's, unless changed): the guests read them.
 */
export function InvitationsPrintPage() {
  return (
    <MyWeddingGate namespace="invitations">
      {(wedding) => <PrintSheet wedding={wedding} />}
    </MyWeddingGate>
  )
}

function PrintSheet({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('invitations')
  const { state, reload } = useInvitations(wedding.id)
  const [language, setLanguage] = useState<Language>(wedding.siteLanguage ?? 'fil')
  const paper = useStringsIn(language, ['invitations'])

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <style>{printCss}</style>
      <div className="print:hidden">
        <Link
          to={paths.manage.invitations}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('print.back')}
        </Link>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="font-display text-3xl">{t('print.title')}</h1>
            <p className="mt-1 max-w-2xl text-muted">{t('print.intro')}</p>
          </div>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.print()}
            disabled={state.status !== 'ready'}
          >
            <Printer aria-hidden="true" className="size-4" />
            {t('print.print')}
          </button>
        </div>
        <div className="mt-4 max-w-sm">
          <LanguageChoice legend={t('print.language')} value={language} onChange={setLanguage} />
        </div>
      </div>

      {state.status === 'error' && (
        <RetryAlert
          className="mt-6"
          message={errorMessage(state.error, t, 'invitations')}
          onRetry={reload}
        />
      )}
      {state.status === 'loading' && <PageSpinner />}
      {state.status === 'ready' && state.households.length === 0 && (
        <p className="mt-6 rounded-2xl border border-line bg-white p-6 text-muted">
          {t('list.noHouseholds')}
        </p>
      )}
      {state.status === 'ready' && state.households.length > 0 && paper && (
        <ul
          lang={language}
          aria-label={t('print.cards')}
          className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 print:mt-0 print:grid-cols-2 print:gap-0"
        >
          {state.households.map((household) => (
            <PrintCard
              key={household.householdId}
              household={household}
              couple={displayCouple(wedding.bride, wedding.groom)}
              paper={paper.invitations}
            />
          ))}
        </ul>
      )}
    </div>
  )
}

function PrintCard({
  household,
  couple,
  paper,
}: {
  household: InvitationHousehold
  couple: string
  paper: TFunction
}) {
  const { t } = useTranslation('invitations')
  const link = invitationLink(window.location.origin, household.token)
  const ownPart = `/i/${household.token}`
  const svg = useMemo(() => qrSvg(link), [link])
  const names = household.persons.map((person) => displayFullName(person)).join(', ')
  return (
    <li
      className="flex break-inside-avoid items-center gap-4 rounded-2xl border border-dashed border-line bg-white p-4 print:rounded-none print:border-stone-400"
      data-testid="print-card"
    >
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
        alt={t('send.qrAlt', { link })}
        width={112}
        height={112}
        className="size-24 shrink-0"
      />
      <div className="min-w-0">
        <p className="text-xs uppercase tracking-wide text-muted">{couple}</p>
        <p className="font-semibold">{names}</p>
        <p className="mt-2 text-xs text-muted">{paper('print.codeLabel')}</p>
        <p className="font-mono text-xl tracking-widest">{printedCode(household.code)}</p>
        {/* The address on one line and the household's own part whole on the next, never a
            letter of it left alone on a line of its own. */}
        <p className="mt-1 font-mono text-[0.6875rem] text-muted" data-testid="print-link">
          <span className="break-all">{link.slice(0, link.length - ownPart.length)}</span>
          <wbr />
          <span className="whitespace-nowrap">{ownPart}</span>
        </p>
      </div>
    </li>
  )
}
