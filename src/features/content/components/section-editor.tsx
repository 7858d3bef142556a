import { clsx } from 'clsx'
import { ExternalLink } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { LeaveGuard } from '@/components/leave-guard'
import { SitePreviewFrame } from '@/components/site-preview-frame'
import { RetryAlert } from '@/components/retry-alert'
import type { Site, Wedding } from '@/lib/api'
import { formatLongDate } from '@/lib/dates'
import { errorMessage } from '@/lib/errors'
import { paths } from '@/lib/paths'
import { previewSiteOf } from '@/lib/site-preview'
import { displayCouple, displayFullName } from '@/lib/names'
import { limits, sectionShapes, type SectionType, type Shape } from '@/lib/site-content'
import { hasDateOrTime, hiddenKeys } from '../model/form-layout'
import { toSaved } from '../model/content'
import { useSectionEditor } from '../use-section-editor'
import { ShapeFields, type FieldContext } from './shape-fields'

interface Props {
  wedding: Wedding
  sectionId: string
}

/** The wedding's site with this section's unsaved content, for the preview. */
function previewSite(
  wedding: Wedding,
  sectionId: string,
  title: string,
  data: Record<string, unknown>,
): Site {
  // A hidden section is shown here all the same: the couple is writing it.
  const sections = wedding.sections.map((section) =>
    section.id === sectionId ? { ...section, title, data, visible: true } : section,
  )
  return previewSiteOf(wedding, { sections, isCouple: true })
}

/** One section's content: its header and its type's fields, the preview beside (or a tap away). */
export function SectionEditor({ wedding, sectionId }: Props) {
  const { t, i18n } = useTranslation('content')
  const id = useId()
  const editor = useSectionEditor(sectionId, wedding.id, wedding)
  const [tab, setTab] = useState<'edit' | 'preview'>('edit')
  const { values, server } = editor

  const site = useMemo(() => {
    if (!values) return null
    const saved = toSaved(values)
    return previewSite(wedding, sectionId, saved.title, saved.data)
  }, [values, wedding, sectionId])

  if (editor.loadError) {
    return (
      <RetryAlert message={errorMessage(editor.loadError, t, 'content')} onRetry={editor.reload} />
    )
  }
  if (!values || !server || !site) return <p className="text-muted">{t('common:loading')}</p>

  const section = server.section
  const type = section.type as SectionType
  const shape = sectionShapes[type] as Record<string, Shape>
  const hidden = new Set(['header', ...(hiddenKeys[type] ?? [])])
  const fields = Object.entries(shape).filter(([key]) => !hidden.has(key))
  const timeNoteId = fields.some(([, child]) => hasDateOrTime(child))
    ? `${id}-time-note`
    : undefined
  const context: FieldContext = {
    type,
    weddingId: wedding.id,
    data: values.data,
    problems: editor.problems,
    change: editor.change,
    timeNoteId,
  }
  const typeName = t(`common:sections.${type}`)
  // What an empty title shows: the home page's follows the couple's names; another its type's name.
  const defaultTitle = (type === 'home' && displayCouple(wedding.bride, wedding.groom)) || typeName
  const titleProblem = editor.problems.get('title')

  const status = {
    idle: editor.dirty ? t('status.unsaved') : t('status.upToDate'),
    saving: t('status.saving'),
    saved: t('status.saved'),
    failed: t('status.failed'),
    invalid: t('status.invalid'),
    conflict: t('status.conflict'),
  }[editor.saveState]

  const preview = (device: 'desktop' | 'phone', className: string) => (
    <SitePreviewFrame
      site={site}
      segment={type === 'home' ? undefined : section.path}
      language="fil"
      device={device}
      title={t('preview.frameTitle', { section: values.title || typeName })}
      className={className}
    />
  )

  return (
    <div className="pb-28">
      <LeaveGuard
        when={editor.dirty}
        title={t('leave.title')}
        description={t('leave.body')}
        confirmLabel={t('leave.confirm')}
        onLeave={editor.forgetDraft}
      />
      <div
        role="tablist"
        aria-label={t('preview.tabs')}
        className="mb-4 flex rounded-lg border border-line bg-white p-0.5 text-sm lg:hidden"
      >
        {(['edit', 'preview'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            className={clsx(
              'flex-1 rounded-md px-3 py-2 font-semibold',
              tab === name ? 'bg-brand-600 text-white' : 'text-muted',
            )}
            onClick={() => setTab(name)}
          >
            {t(`preview.tab.${name}`)}
          </button>
        ))}
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_400px]">
        <form
          id={`${id}-panel-edit`}
          aria-labelledby={`${id}-heading`}
          noValidate
          className={clsx('min-w-0 space-y-6', tab !== 'edit' && 'hidden lg:block')}
          onSubmit={(event) => {
            event.preventDefault()
            void editor.save()
          }}
        >
          <h2 id={`${id}-heading`} className="sr-only">
            {t('editor.formHeading', { section: typeName })}
          </h2>

          {editor.restoredAt && (
            <Alert tone="info">
              <p>
                {t('draft.restored', {
                  time: new Date(editor.restoredAt).toLocaleString(
                    i18n.language === 'fil' ? 'fil-PH' : 'en-PH',
                  ),
                })}
              </p>
              <button
                type="button"
                className="btn btn-secondary mt-2"
                onClick={editor.discardDraft}
              >
                {t('draft.discard')}
              </button>
            </Alert>
          )}

          {editor.saveState === 'conflict' && editor.theirs && (
            <Alert tone="error">
              <p className="font-semibold">{t('conflict.title', { section: typeName })}</p>
              <p className="mt-1">
                {t('conflict.body', {
                  time: new Date(editor.theirs.contentUpdatedAt).toLocaleString(
                    i18n.language === 'fil' ? 'fil-PH' : 'en-PH',
                  ),
                })}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => void editor.keepMine()}
                >
                  {t('conflict.keepMine')}
                </button>
                <button type="button" className="btn btn-secondary" onClick={editor.useTheirs}>
                  {t('conflict.useTheirs')}
                </button>
              </div>
            </Alert>
          )}

          {type === 'home' && (
            <section
              aria-labelledby={`${id}-details`}
              className="rounded-xl border border-line bg-white p-4"
            >
              <h3 id={`${id}-details`} className="text-base font-semibold text-ink">
                {t('home.detailsHeading')}
              </h3>
              <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-muted">{t('home.names')}</dt>
                <dd>
                  {displayFullName(wedding.bride)} &amp; {displayFullName(wedding.groom)}
                </dd>
                <dt className="text-muted">{t('home.date')}</dt>
                <dd>
                  {wedding.date
                    ? formatLongDate(wedding.date, i18n.language === 'fil' ? 'fil' : 'en')
                    : t('home.noDate')}
                </dd>
              </dl>
              <Link
                to={paths.manage.website}
                className="mt-3 inline-flex text-sm font-semibold text-brand-700 underline"
              >
                {t('home.editDetails')}
              </Link>
            </section>
          )}

          <fieldset className="min-w-0 space-y-4 rounded-xl border border-line bg-white p-4">
            <legend className="px-1 text-base font-semibold text-ink">{t('header.legend')}</legend>
            <div>
              <label htmlFor={`${id}-title`} className="field-label">
                {t('header.title')}
              </label>
              <input
                id={`${id}-title`}
                className="field-input"
                maxLength={limits.line}
                value={values.title}
                aria-describedby={`${id}-title-hint${titleProblem ? ` ${id}-title-error` : ''}`}
                aria-invalid={Boolean(titleProblem)}
                placeholder={defaultTitle}
                onChange={(event) => editor.setTitle(event.target.value)}
              />
              <p id={`${id}-title-hint`} className="mt-1.5 text-sm text-muted">
                {t('header.titleHint', { title: defaultTitle })}
              </p>
              {titleProblem && (
                <p id={`${id}-title-error`} role="alert" className="field-error">
                  {t(`problems.${titleProblem}`)}
                </p>
              )}
            </div>
            <ShapeFields shape="text" path={['header', 'description']} context={context} />
            <ShapeFields shape="image" path={['header', 'image']} context={context} />
          </fieldset>

          <div className="space-y-6 rounded-xl border border-line bg-white p-4">
            {timeNoteId && (
              <p id={timeNoteId} className="text-sm text-muted" data-testid="time-note">
                {t('kindHints.dateTime')}
              </p>
            )}
            {fields.map(([key, child]) => (
              <ShapeFields key={key} shape={child} path={[key]} context={context} />
            ))}
          </div>
        </form>

        <div id={`${id}-panel-preview`} className={clsx(tab !== 'preview' && 'hidden lg:block')}>
          <div className="lg:sticky lg:top-4">
            <p className="mb-2 text-sm font-semibold text-muted">{t('preview.heading')}</p>
            <div className="-mx-4 lg:hidden">
              {tab === 'preview' && preview('phone', 'h-[70vh]')}
            </div>
            <div className="hidden lg:block">{preview('phone', 'h-[75vh]')}</div>
            <a
              href={paths.site.wedding(wedding.slug)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline"
            >
              {t('preview.openSite')}
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only"> ({t('preview.newTab')})</span>
            </a>
          </div>
        </div>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-10 border-t border-line bg-white/95 px-4 py-3 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
          <p
            role="status"
            aria-live="polite"
            className={clsx(
              'mr-auto text-sm',
              editor.saveState === 'failed' || editor.saveState === 'invalid'
                ? 'text-red-700'
                : 'text-muted',
            )}
          >
            {status}
            {editor.saveState === 'failed' && (
              <span className="block">{errorMessage(editor.saveError, t, 'content')}</span>
            )}
          </p>
          <button
            type="submit"
            form={`${id}-panel-edit`}
            className="btn btn-primary"
            disabled={
              editor.saveState === 'saving' ||
              editor.saveState === 'conflict' ||
              (!editor.dirty && editor.saveState !== 'failed')
            }
          >
            {editor.saveState === 'saving' ? t('actions.saving') : t('actions.save')}
          </button>
        </div>
      </div>
    </div>
  )
}
