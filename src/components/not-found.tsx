import { useId, useState, type FormEvent } from 'react'
import { Link, useLocationState, useNavigate } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import { paths } from '@/lib/paths'
import { slugFromAddress } from '@/lib/wedding-address'

/**
 * A page that is not there. Most visitors here are guests who mistyped a wedding's address, so
 * it shows what they asked for and finds the couple's site from what they type. The sample
 * wedding at `/` is offered as a sample: never as if it were the couple they are looking for.
 */
export function NotFound() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const id = useId()
  const from = (useLocationState() as { from?: unknown } | null)?.from
  const asked = typeof from === 'string' ? from : null
  const [address, setAddress] = useState(() =>
    asked?.startsWith('/wedding/') ? (slugFromAddress(asked) ?? '') : '',
  )
  const [missing, setMissing] = useState(false)

  function find(event: FormEvent) {
    event.preventDefault()
    const slug = slugFromAddress(address)
    if (!slug) return setMissing(true)
    navigate(paths.site.wedding(slug))
  }

  return (
    <main className="mx-auto flex min-h-[70vh] max-w-lg flex-col justify-center px-6 py-12">
      <p className="text-center font-display text-7xl text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-center font-display text-3xl">{t('notFound.title')}</h1>
      {asked && (
        <p className="mt-3 text-center text-muted">
          {t('notFound.asked')}{' '}
          <code className="rounded bg-canvas px-1.5 py-0.5 text-ink">{asked}</code>
        </p>
      )}
      <p className="mt-3 text-center text-muted">{t('notFound.body')}</p>

      <form onSubmit={find} noValidate className="mt-8 rounded-2xl border border-line bg-white p-5">
        <label htmlFor={`${id}-address`} className="field-label">
          {t('notFound.addressLabel')}
        </label>
        <input
          id={`${id}-address`}
          className="field-input"
          value={address}
          onChange={(event) => {
            setAddress(event.target.value)
            setMissing(false)
          }}
          placeholder={t('notFound.addressPlaceholder')}
          aria-describedby={`${id}-hint`}
          aria-invalid={missing}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={300}
        />
        <p
          id={`${id}-hint`}
          className={missing ? 'field-error' : 'mt-1.5 text-sm text-muted'}
          role={missing ? 'alert' : undefined}
        >
          {missing ? t('notFound.addressMissing') : t('notFound.addressHint')}
        </p>
        <button type="submit" className="btn btn-primary mt-4 w-full">
          {t('notFound.go')}
        </button>
      </form>

      <p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
        <Link to={paths.home} className="font-semibold text-brand-700 underline">
          {t('notFound.sample')}
        </Link>
        <Link to={paths.auth.register} className="font-semibold text-brand-700 underline">
          {t('notFound.makeYourOwn')}
        </Link>
      </p>
    </main>
  )
}
