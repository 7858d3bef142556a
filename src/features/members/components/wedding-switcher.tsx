import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { listMyWeddings } from '@/lib/api/members'
import { formatLongDate } from '@/lib/dates'
import { paths } from '@/lib/paths'
import { coupleName, useSessionStore } from '@/lib/session'
import { useLoad } from '@/lib/use-load'

/**
 * The header's choice of wedding for an account in more than one (a coordinator's clients): the
 * couple's names and date. The choice is remembered on this browser for the next visit.
 */
export function WeddingSwitcher() {
  const { t, i18n } = useTranslation('app')
  const id = useId()
  const navigate = useNavigate()
  const user = useSessionStore((state) => state.user)
  const current = useSessionStore((state) => state.wedding)
  const switchWedding = useSessionStore((state) => state.switchWedding)
  const language = i18n.language === 'fil' ? 'fil' : 'en'

  const currentId = current?.id
  // Once the session knows its wedding: asked before, it was asked twice on every page load.
  const { data, error } = useLoad(
    () => (user && currentId ? listMyWeddings() : null),
    [user, currentId],
  )
  const weddings = (error == null && data) || []

  if (weddings.length < 2 || !current) return null
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('nav.wedding')}
      </label>
      <select
        id={id}
        className="max-w-48 truncate rounded-lg border border-line bg-white px-2 py-1.5 text-sm sm:max-w-72"
        value={current.id}
        onChange={(event) => {
          void switchWedding(event.target.value).then(() => navigate(paths.manage.guests))
        }}
      >
        {weddings.map((wedding) => (
          <option key={wedding.id} value={wedding.id}>
            {coupleName(wedding.bride, wedding.groom)} ·{' '}
            {wedding.date ? formatLongDate(wedding.date, language) : t('nav.weddingNoDate')}
          </option>
        ))}
      </select>
    </div>
  )
}
