import { useId } from 'react'
import { useTranslation } from '@/lib/i18n/react'
import { useCodeEntry } from '@/lib/invitations/use-code-entry'

/**
 * When the couple requires the invitation code to RSVP, the database refuses the name search; the
 * guest types the code instead. It is checked on this wedding only (every try counts), and opens
 * the household's RSVP with it. `siteBusy`: the couple did not ask for codes, but the wedding's
 * name searches of the hour are used up.
 */
export function CodeField({
  slug,
  routed,
  siteBusy = false,
}: {
  slug: string
  routed: boolean
  siteBusy?: boolean
}) {
  const { t } = useTranslation('search')
  const { typed, setTyped, busy, problem, submit } = useCodeEntry(slug, { routed })
  const id = useId()
  return (
    <form
      className="mt-4 rounded-(--site-radius) border border-(--site-line) px-4 py-3 text-sm"
      onSubmit={submit}
    >
      <p>{t(siteBusy ? 'search.codeBusy' : 'search.codeRequired')}</p>
      <label htmlFor={`${id}-code`} className="mt-3 block font-semibold">
        {t('search.codeLabel')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={20}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={problem === 'wrong' || undefined}
          aria-describedby={`${id}-problem`}
          className="min-h-11 min-w-0 flex-1 rounded-(--site-radius) border border-(--site-line-strong) bg-(--site-bg) px-3 uppercase tracking-widest"
        />
        <button type="submit" className="site-button" disabled={busy}>
          {t('search.codeOpen')}
        </button>
      </div>
      <p id={`${id}-problem`} role="status" className="mt-2 min-h-5">
        {problem === 'wrong'
          ? t('search.codeWrong')
          : problem === 'rate_limited'
            ? t('common:errors.rate_limited')
            : problem
              ? t('search.codeFailed')
              : ''}
      </p>
    </form>
  )
}
