import { useId, useState } from 'react'
import { useNavigate } from '@/lib/site-router'
import { useTranslation } from '@/lib/i18n/react'
import { paths } from '@/lib/paths'

/**
 * When the couple requires the invitation code to RSVP, the database refuses the name search; the
 * guest types the code instead and reaches their RSVP through their invitation link. `busy`: the
 * couple did not ask for codes, but the wedding's name searches of the hour are used up.
 */
export function CodeField({ slug, busy = false }: { slug: string | null; busy?: boolean }) {
  const { t } = useTranslation('rsvp')
  const navigate = useNavigate()
  const [code, setCode] = useState('')
  const id = useId()
  const cleaned = code.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
  return (
    <form
      className="mt-4 rounded-(--site-radius) border border-(--site-line) px-4 py-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault()
        if (cleaned) void navigate(slug ? `${paths.site.wedding(slug)}/i/${cleaned}` : paths.invitation(cleaned))
      }}
    >
      <p>{t(busy ? 'search.codeBusy' : 'search.codeRequired')}</p>
      <label htmlFor={`${id}-code`} className="mt-3 block font-semibold">
        {t('search.codeLabel')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          maxLength={20}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="min-h-11 min-w-0 flex-1 rounded-(--site-radius) border border-(--site-line-strong) bg-(--site-bg) px-3 uppercase tracking-widest"
        />
        <button type="submit" className="site-button">
          {t('search.codeOpen')}
        </button>
      </div>
    </form>
  )
}
