import { ChevronRight, Mail, MessageCircle, Phone, Search } from 'lucide-react'
import { lazy, Suspense, useId } from 'react'
import { useParams } from 'wouter'
import type { Contact } from '@/lib/api'
import { messengerLabel, messengerUrl, namesAreSeveral } from '@/lib/contact'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import { displayFullName } from '@/lib/names'
import { paths } from '@/lib/paths'
import { useNameSearch } from './use-name-search'

// Shown only after a search asks for the code (the couple requires it, or the site is busy): not in
// the first load.
const CodeField = lazy(() => import('./code-field').then((m) => ({ default: m.CodeField })))

/**
 * The guest's name search in the site's RSVP section (spec sections 2 and 5): type your first name
 * and surname, pick yourself, and go to your household's RSVP. The search finds the person typed,
 * not a list: a name many households share asks for one more word.
 * Its strings come with the RSVP namespace, so it waits for them on its own without holding up
 * the rest of the site.
 */
export function RsvpNameSearch({ slug, contact }: { slug: string; contact?: Contact }) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-[7.5rem]" />}>
      <NameSearch slug={slug} contact={contact} />
    </Suspense>
  )
}

function NameSearch({ slug, contact }: { slug: string; contact?: Contact }) {
  const { t } = useTranslation('search')
  const { slug: routeSlug } = useParams()
  const { query, setQuery, status, outcome, results, retry } = useNameSearch(slug)
  const id = useId()

  // The spec's relative link `rsvp/{householdId}/{personId}`, from the site's root: under
  // /wedding/:slug on that slug, and /rsvp/... on the home route or a couple's own domain.
  const rsvpHref = (householdId: string, personId: string) =>
    paths.site.rsvp(routeSlug ? slug : null, householdId, personId)

  return (
    <div className="text-left">
      <form
        role="search"
        aria-label={t('search.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor={`${id}-input`} className="site-subheading block text-center">
          {t('search.label')}
        </label>
        <div className="relative mt-4">
          <Search
            aria-hidden="true"
            className="site-muted pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2"
          />
          <input
            id={`${id}-input`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            autoCapitalize="words"
            spellCheck={false}
            enterKeyHint="search"
            aria-describedby={`${id}-hint`}
            aria-controls={results.length > 0 ? `${id}-results` : undefined}
            className="block min-h-13 w-full rounded-(--site-radius) border border-(--site-line-strong) bg-(--site-bg) py-3 pl-12 pr-4 text-base text-(--site-ink) placeholder:text-(--site-ink-soft) focus:border-(--site-accent) focus:outline-2 focus:outline-(--site-accent)"
          />
        </div>
        <p id={`${id}-hint`} className="site-muted mt-2 text-sm">
          {t('search.hint')}
        </p>
      </form>

      <div role="status" aria-live="polite">
        {status === 'searching' && (
          <p className="site-muted mt-4 text-center text-sm">{t('search.searching')}</p>
        )}
        {status === 'done' && results.length === 0 && outcome === 'none' && (
          <NoMatch contact={contact} />
        )}
        {status === 'done' && results.length === 0 && outcome !== 'none' && (
          <p className="mt-4 rounded-(--site-radius) border border-(--site-line) px-4 py-3 text-center text-sm">
            {t(outcome === 'too_many' ? 'search.tooMany' : 'search.tooShort')}
          </p>
        )}
        {status === 'rateLimited' && (
          <p className="mt-4 rounded-(--site-radius) border border-(--site-line) px-4 py-3 text-center text-sm">
            {t('common:errors.rate_limited')}{' '}
            <button type="button" onClick={retry} className="site-link">
              {t('search.retry')}
            </button>
          </p>
        )}
        {status === 'done' && results.length > 0 && (
          <p className="sr-only">{t('search.found', { count: results.length })}</p>
        )}
        {status === 'error' && (
          <p className="mt-4 text-center text-sm">
            {t('search.failed')}{' '}
            <button type="button" onClick={retry} className="site-link">
              {t('search.retry')}
            </button>
          </p>
        )}
      </div>

      {(status === 'codeRequired' || status === 'codeBusy') && (
        <Suspense fallback={null}>
          <CodeField slug={slug} routed={Boolean(routeSlug)} siteBusy={status === 'codeBusy'} />
        </Suspense>
      )}

      {results.length > 0 && (
        <ul
          id={`${id}-results`}
          aria-label={t('search.results')}
          aria-busy={status === 'searching'}
          className="mt-3 divide-y divide-(--site-line) border-y border-(--site-line)"
        >
          {results.map((result) => (
            <li key={result.personId}>
              <Link
                to={rsvpHref(result.householdId, result.personId)}
                className="flex min-h-14 items-center gap-3 px-2 py-3 hover:bg-[color-mix(in_srgb,var(--site-accent)_7%,transparent)]"
              >
                <span className="flex-1">
                  <span className="block font-semibold">{displayFullName(result)}</span>
                  <span className="site-muted block text-sm">
                    {t('search.householdSize', { count: result.householdSize })}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-(--site-accent)" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * Nobody matched: the spec's message, what to try (the name as the invitation has it), and how
 * to reach the couple when they gave an e-mail or a phone on their site.
 */
function NoMatch({ contact }: { contact?: Contact }) {
  const { t } = useTranslation('search')
  const email = contact?.email?.trim()
  const phone = contact?.phone?.trim()
  const messenger = messengerUrl(contact?.messenger)
  const names = contact?.names?.trim()
  return (
    <div className="mt-4 rounded-(--site-radius) border border-(--site-line) px-4 py-3 text-center text-sm">
      <p>{t('search.noMatch')}</p>
      <p className="site-muted mt-2">{t('search.noMatchTry')}</p>
      {(email || phone || messenger) && (
        <>
          <p className="mt-3 font-semibold">
            {names
              ? t(
                  namesAreSeveral(names)
                    ? 'search.noMatchContactNamed'
                    : 'search.noMatchContactNamedOne',
                  { names },
                )
              : t('search.noMatchContact')}
          </p>
          <ul className="mt-2 flex flex-col items-center gap-2">
            {email && (
              <li>
                <a
                  href={`mailto:${email}`}
                  className="site-link inline-flex items-center gap-2 break-all"
                >
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  {email}
                </a>
              </li>
            )}
            {phone && (
              <li>
                <a
                  href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                  className="site-link inline-flex items-center gap-2"
                >
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {phone}
                </a>
              </li>
            )}
            {messenger && (
              <li>
                <a
                  href={messenger}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="site-link inline-flex items-center gap-2 break-all"
                >
                  <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
                  {messengerLabel(messenger)}
                </a>
              </li>
            )}
          </ul>
        </>
      )}
    </div>
  )
}
