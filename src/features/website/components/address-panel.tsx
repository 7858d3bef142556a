import { CheckCircle2, Loader2, XCircle } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { changeWeddingSlug, checkWeddingSlug, type SlugStatus, type Wedding } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { useSessionStore } from '@/lib/session'
import { SLUG_MAX_LENGTH, slugProblem, type SlugProblem } from '../model/slug'

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'problem'; problem: SlugProblem }
  | { state: 'answer'; status: SlugStatus }
  | { state: 'failed' }

const CHECK_DELAY_MS = 300

/**
 * The site's address: /wedding/<slug>. The field says at once whether a slug is allowed, and, a
 * moment after typing stops, whether it is free. The old address keeps leading to the site.
 */
export function AddressPanel({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('website')
  const setWedding = useSessionStore((state) => state.setWedding)
  const [slug, setSlug] = useState(wedding.slug)
  const [answer, setAnswer] = useState<{ slug: string; status: SlugStatus | 'failed' } | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const id = useId()
  const unchanged = slug === wedding.slug
  const problem = unchanged ? null : slugProblem(slug)
  const check: Check = unchanged
    ? { state: 'idle' }
    : problem
      ? { state: 'problem', problem }
      : answer?.slug !== slug
        ? { state: 'checking' }
        : answer.status === 'failed'
          ? { state: 'failed' }
          : { state: 'answer', status: answer.status }

  // Asks the database only for a well-formed slug, a moment after typing stops.
  useEffect(() => {
    if (unchanged || problem) return
    let current = true
    const timer = setTimeout(() => {
      checkWeddingSlug(wedding.id, slug).then(
        ({ status }) => current && setAnswer({ slug, status }),
        () => current && setAnswer({ slug, status: 'failed' }),
      )
    }, CHECK_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [wedding.id, slug, unchanged, problem])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (unchanged || slugProblem(slug) || busy) return
    setBusy(true)
    setResult(null)
    const old = wedding.slug
    try {
      const saved = await changeWeddingSlug(wedding.id, slug)
      setWedding(saved)
      setResult({
        tone: 'success',
        text: t('address.changed', { old: `/wedding/${old}`, slug: `/wedding/${saved.slug}` }),
      })
    } catch (error) {
      setResult({
        tone: 'error',
        text: t('address.failed', { reason: errorMessage(error, t, 'website') }),
      })
    } finally {
      setBusy(false)
    }
  }

  const message =
    check.state === 'problem'
      ? {
          tone: 'bad',
          text: t(`address.problems.${check.problem}`, { min: 3, max: SLUG_MAX_LENGTH }),
        }
      : check.state === 'answer'
        ? check.status === 'available'
          ? { tone: 'good', text: t('address.available') }
          : { tone: 'bad', text: t(`address.${check.status === 'taken' ? 'taken' : 'notAllowed'}`) }
        : check.state === 'checking'
          ? { tone: 'wait', text: t('address.checking') }
          : check.state === 'failed'
            ? { tone: 'bad', text: t('address.checkFailed') }
            : null
  const Icon =
    message?.tone === 'good' ? CheckCircle2 : message?.tone === 'wait' ? Loader2 : XCircle
  const canSave = !unchanged && check.state === 'answer' && check.status === 'available' && !busy

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <p className="text-sm text-muted">{t('address.intro')}</p>
      <div>
        <label htmlFor={id} className="field-label">
          {t('address.label')}
        </label>
        <div className="flex items-stretch overflow-hidden rounded-lg border border-line bg-white focus-within:ring-2 focus-within:ring-brand-400">
          <span aria-hidden="true" className="flex items-center bg-canvas px-3 text-sm text-muted">
            /wedding/
          </span>
          <input
            id={id}
            value={slug}
            maxLength={SLUG_MAX_LENGTH}
            spellCheck={false}
            autoCapitalize="none"
            autoComplete="off"
            aria-describedby={`${id}-rules ${id}-status`}
            aria-invalid={message?.tone === 'bad'}
            onChange={(event) => {
              setResult(null)
              setSlug(event.target.value.trim())
            }}
            className="min-w-0 flex-1 px-2 py-2.5 outline-none"
          />
        </div>
        <p id={`${id}-rules`} className="mt-1.5 text-sm text-muted">
          {t('address.rules')}
        </p>
        <p id={`${id}-status`} role="status" className="mt-1 min-h-6 text-sm">
          {message && (
            <span
              className={`flex items-center gap-1.5 font-semibold ${
                message.tone === 'good'
                  ? 'text-emerald-800'
                  : message.tone === 'bad'
                    ? 'text-red-800'
                    : 'text-muted'
              }`}
            >
              <Icon
                aria-hidden="true"
                className={`size-4 ${message.tone === 'wait' ? 'motion-safe:animate-spin' : ''}`}
              />
              {message.text}
            </span>
          )}
        </p>
      </div>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <button type="submit" className="btn btn-primary w-full" disabled={!canSave}>
        {busy ? t('address.saving') : t('address.save')}
      </button>
      <p className="text-sm text-muted">{t('address.oldKeepsWorking')}</p>
    </form>
  )
}
