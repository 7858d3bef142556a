import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  invitationKinds,
  type InvitationKind,
  type InvitationTemplates,
} from '@/lib/api/invitations'
import { errorMessage } from '@/lib/errors'
import {
  defaultTemplates,
  placeholders,
  templateFor,
  type MessageLanguage,
} from '@/lib/invitations/message'

const languages: MessageLanguage[] = ['fil', 'en']
const MAX_LENGTH = 1000

/** Each kind's wording in each language, as shown in its box. */
type TemplateTexts = Record<InvitationKind, Record<MessageLanguage, string>>

/** Our wording is saved as "no template of their own", so it keeps following the deadline. */
function ownText(kind: keyof typeof defaultTemplates, language: MessageLanguage, text: string) {
  const trimmed = text.trim()
  const ours = defaultTemplates[kind][language]
  return trimmed === ours.deadline || trimmed === ours.noDeadline ? '' : trimmed
}

/** The couple's own wording of the invitation and reminder, in Filipino and English. */
export function TemplatesForm({
  templates,
  hasDeadline,
  save,
}: {
  templates: InvitationTemplates
  hasDeadline: boolean
  save(templates: InvitationTemplates): Promise<void>
}) {
  const { t } = useTranslation('invitations')
  const id = useId()
  const {
    register,
    control,
    handleSubmit,
    formState: { isSubmitting: busy },
  } = useForm<TemplateTexts>({
    defaultValues: Object.fromEntries(
      invitationKinds.map((kind) => [
        kind,
        Object.fromEntries(
          languages.map((language) => [
            language,
            templateFor(kind, language, templates, hasDeadline),
          ]),
        ),
      ]),
    ) as TemplateTexts,
  })
  const texts = useWatch({ control })
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)

  const submit = handleSubmit(async (values) => {
    setStatus(null)
    try {
      await save(
        Object.fromEntries(
          invitationKinds.map((kind) => [
            kind,
            Object.fromEntries(
              languages.map((language) => [
                language,
                ownText(kind, language, values[kind][language]),
              ]),
            ),
          ]),
        ),
      )
      setStatus({ tone: 'ok', text: t('templates.saved') })
    } catch (error) {
      // What was typed stays in the boxes.
      setStatus({ tone: 'error', text: errorMessage(error, t, 'invitations') })
    }
  })

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)}>
      <p className="text-sm text-muted">
        {t('templates.placeholders')}{' '}
        {placeholders.map((name) => (
          <code key={name} className="mr-1 rounded bg-brand-50 px-1">{`{${name}}`}</code>
        ))}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        {invitationKinds.flatMap((kind) =>
          languages.map((language) => {
            const key = `${kind}.${language}` as const
            const value = texts[kind]?.[language] ?? ''
            return (
              <div key={key}>
                <label htmlFor={`${id}-${key}`} className="field-label">
                  {t(`templates.label.${kind}`, { language: t(`common:language.${language}`) })}
                </label>
                <textarea
                  id={`${id}-${key}`}
                  lang={language}
                  className="field-input min-h-40"
                  maxLength={MAX_LENGTH}
                  {...register(key)}
                />
                <p className="mt-1 text-xs text-muted">
                  {t('templates.length', { used: value.length, max: MAX_LENGTH })}
                </p>
              </div>
            )
          }),
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('templates.save')}
        </button>
        <p
          role="status"
          className={`text-sm ${status?.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
        >
          {status?.text ?? ''}
        </p>
      </div>
    </form>
  )
}
