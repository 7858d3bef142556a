import { useEffect, useId, useState } from 'react'
import { Link, useNavigate, useParams } from '@/lib/site-router'
import { useTranslation } from '@/lib/i18n/react'
import { LanguageToggle } from '@/components/language-toggle'
import { PageSpinner } from '@/components/page-spinner'
import { openInvitation } from '@/lib/api/invitations'
import { BackendError, isNetworkError } from '@/lib/backend'
import { paths } from '@/lib/paths'

type Problem = 'not_found' | 'rate_limited' | 'network' | 'failed'

/**
 * /i/:code (and /wedding/:slug/i/:code): a household's own link. Opening it records that it was
 * opened and goes straight to the household's RSVP with its code, no name search. A wrong or
 * renewed code gets a page that asks for the code again or points to the name search.
 */
export function OpenInvitationPage() {
  const { t } = useTranslation('invite')
  const { code = '', slug } = useParams()
  const navigate = useNavigate()
  const [problem, setProblem] = useState<Problem | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    openInvitation(code).then(
      (found) => {
        if (!current) return
        const rsvp = paths.site.rsvp(found.slug, found.guestId, found.personId)
        void navigate(`${rsvp}?code=${encodeURIComponent(code)}`, { replace: true })
      },
      (error: unknown) => {
        if (!current) return
        if (isNetworkError(error)) setProblem('network')
        else if (error instanceof BackendError && error.message === 'invitation_not_found') setProblem('not_found')
        else if (error instanceof BackendError && error.message === 'rate_limited') setProblem('rate_limited')
        else setProblem('failed')
      },
    )
    return () => {
      current = false
    }
  }, [code, navigate, attempt])

  useEffect(() => {
    document.title = t('documentTitle')
  }, [t])

  if (!problem) return <PageSpinner />
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="flex justify-end px-4 py-3">
        <LanguageToggle area="site" className="text-muted" />
      </header>
      <main id="main" className="mx-auto max-w-md px-4 pb-16">
        <h1 className="font-display text-3xl">{t(problem === 'not_found' ? 'notFound.title' : 'failed.title')}</h1>
        <p className="mt-3 text-muted">{t(`${problem === 'not_found' ? 'notFound' : 'failed'}.${problem === 'not_found' ? 'body' : problem}`)}</p>
        {problem === 'not_found' ? (
          <CodeForm slug={slug ?? null} />
        ) : (
          <button type="button" className="btn btn-primary mt-6" onClick={() => {
              setProblem(null)
              setAttempt((count) => count + 1)
            }}>
            {t('failed.retry')}
          </button>
        )}
      </main>
    </div>
  )
}

/** Type the code from the paper invitation, or find your name on the couple's site instead. */
function CodeForm({ slug }: { slug: string | null }) {
  const { t } = useTranslation('invite')
  const id = useId()
  const navigate = useNavigate()
  const [typed, setTyped] = useState('')
  const cleaned = typed.replace(/[^A-Za-z0-9]/g, '').toUpperCase()

  return (
    <>
      <form
        className="mt-6 rounded-2xl border border-line bg-white p-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (cleaned) void navigate(slug ? `${paths.site.wedding(slug)}/i/${cleaned}` : paths.invitation(cleaned))
        }}
      >
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
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {t('notFound.codeHint')}
        </p>
        <button type="submit" className="btn btn-primary mt-4 w-full" disabled={!cleaned}>
          {t('notFound.open')}
        </button>
      </form>
      <p className="mt-6 text-sm">
        {t('notFound.orSearch')}{' '}
        <Link className="font-semibold text-brand-700 underline" to={slug ? paths.site.section(slug, 'rsvp') : paths.home}>
          {t('notFound.searchLink')}
        </Link>
      </p>
    </>
  )
}
