import { useEffect, useId } from 'react'
import { useParams } from 'wouter'
import { Link, useNavigate } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import { LanguageToggle } from '@/components/language-toggle'
import { PageSpinner } from '@/components/page-spinner'
import {
  isInvitationToken,
  openInvitation,
  openInvitationCode,
  type OpenedInvitation,
} from '@/lib/api/invitations'
import { BackendError } from '@/lib/backend'
import {
  codeProblem,
  invitationRsvpHref,
  useCodeEntry,
  type CodeProblem,
} from '@/lib/invitations/use-code-entry'
import { paths } from '@/lib/paths'
import { useLoad } from '@/lib/use-load'

type Problem = 'not_found' | 'old_link' | Exclude<CodeProblem, 'wrong'>

function problemOf(error: unknown): Problem {
  if (error instanceof BackendError && error.message === 'household_link_not_found')
    return 'not_found'
  const problem = codeProblem(error)
  return problem === 'wrong' ? 'not_found' : problem
}

/**
 * /i/:link (and /wedding/:slug/i/:link): a household's own link. Its last part is the household's
 * link token; opening it records that it was opened and goes straight to the household's RSVP, no
 * name search. On a wedding's own address (/wedding/:slug/i/...) a printed code works too, checked
 * within that wedding only. An old /i/<code> link (before links had tokens) is not looked up at
 * all: codes are checked only on their wedding's site, so the page sends the guest there.
 */
export function OpenInvitationPage() {
  const { t } = useTranslation('invite')
  const { link = '', slug } = useParams()
  const navigate = useNavigate()
  // A code with no wedding to check it in: never sent to the database.
  const oldLink = !isInvitationToken(link) && !slug
  const opened = useLoad<OpenedInvitation | null>(
    () =>
      oldLink
        ? null
        : slug && !isInvitationToken(link)
          ? openInvitationCode(slug, link)
          : openInvitation(link),
    [link, slug, oldLink],
  )
  const found = opened.error == null ? opened.data : undefined
  const problem: Problem | null = oldLink
    ? 'old_link'
    : opened.error != null
      ? problemOf(opened.error)
      : found === null
        ? 'not_found'
        : null

  useEffect(() => {
    if (found) void navigate(invitationRsvpHref(found, found.slug), { replace: true })
  }, [found, navigate])

  useEffect(() => {
    document.title = t('documentTitle')
  }, [t])

  if (!problem) return <PageSpinner />
  const lost = problem === 'not_found' || problem === 'old_link'
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="flex justify-end px-4 py-3">
        <LanguageToggle area="site" className="text-muted" />
      </header>
      <main id="main" className="mx-auto max-w-md px-4 pb-16">
        <h1 className="font-display text-3xl">
          {t(
            problem === 'old_link'
              ? 'oldLink.title'
              : problem === 'not_found'
                ? 'notFound.title'
                : 'failed.title',
          )}
        </h1>
        {problem === 'old_link' ? (
          <>
            <p className="mt-3 text-muted">{t('oldLink.body')}</p>
            <p className="mt-3 text-muted">{t('oldLink.howTo')}</p>
          </>
        ) : (
          <p className="mt-3 text-muted">
            {problem === 'not_found'
              ? t(slug ? 'notFound.body' : 'notFound.bodyNoSite')
              : t(`failed.${problem}`)}
          </p>
        )}
        {lost && slug ? (
          <CodeForm slug={slug} />
        ) : !lost ? (
          <button type="button" className="btn btn-primary mt-6" onClick={opened.reload}>
            {t('failed.retry')}
          </button>
        ) : null}
      </main>
    </div>
  )
}

/** Type the code from the paper invitation (checked on this wedding only), or find your name instead. */
function CodeForm({ slug }: { slug: string }) {
  const { t } = useTranslation('invite')
  const id = useId()
  const { typed, setTyped, cleaned, busy, problem, submit } = useCodeEntry(slug, { replace: true })

  return (
    <>
      <form className="mt-6 rounded-2xl border border-line bg-white p-5" onSubmit={submit}>
        <label htmlFor={`${id}-code`} className="field-label">
          {t('notFound.codeLabel')}
        </label>
        <input
          id={`${id}-code`}
          className="field-input font-mono uppercase tracking-widest"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={20}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem === 'wrong' || undefined}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {t('notFound.codeHint')}
        </p>
        <p role="status" className="mt-2 min-h-5 text-sm text-red-700">
          {problem ? (problem === 'wrong' ? t('notFound.wrongCode') : t(`failed.${problem}`)) : ''}
        </p>
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={!cleaned || busy}>
          {t('notFound.open')}
        </button>
      </form>
      <p className="mt-6 text-sm">
        {t('notFound.orSearch')}{' '}
        <Link
          className="font-semibold text-brand-700 underline"
          to={paths.site.section(slug, 'rsvp')}
        >
          {t('notFound.searchLink')}
        </Link>
      </p>
    </>
  )
}
