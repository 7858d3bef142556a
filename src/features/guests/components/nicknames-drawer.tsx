import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Drawer } from '@/components/drawer'
import { Field } from '@/components/field'
import { listNicknames, saveNicknames } from '@/lib/api'
import { errorMessage } from '@/lib/errors'
import { nicknameLimits, nicknameValues, type NicknameValues } from '../model/nicknames'

/**
 * The couple's own nicknames for the site's name search ("Dodong" for Reynaldo), beside the
 * built-in Filipino list: what they save here, a guest may type for the name and be found.
 */
export function NicknamesDrawer({
  weddingId,
  open,
  onOpenChange,
}: {
  weddingId: string
  open: boolean
  onOpenChange(open: boolean): void
}) {
  const { t } = useTranslation('guests')
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={t('nicknames.title')}
      description={t('nicknames.description')}
    >
      {open && <NicknamesForm weddingId={weddingId} />}
    </Drawer>
  )
}

/** Mounted each time the drawer opens, so it starts from what is saved. */
function NicknamesForm({ weddingId }: { weddingId: string }) {
  const { t } = useTranslation('guests')
  const [builtIn, setBuiltIn] = useState<number | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const form = useForm<NicknameValues>({
    resolver: zodResolver(nicknameValues),
    defaultValues: { entries: [] },
  })
  const { control, register, handleSubmit, reset, formState } = form
  const { fields, append, remove } = useFieldArray({ control, name: 'entries' })

  useEffect(() => {
    let live = true
    listNicknames(weddingId).then(
      (list) => {
        if (!live) return
        setBuiltIn(list.builtInCount)
        reset({ entries: list.nicknames })
      },
      (error: unknown) => {
        if (live) setLoadError(errorMessage(error, t, 'guests'))
      },
    )
    return () => {
      live = false
    }
  }, [weddingId, reset, t])

  const onSubmit = handleSubmit(async (values) => {
    setSaveError(null)
    setSaved(false)
    try {
      const list = await saveNicknames(
        weddingId,
        values.entries.map((entry) => ({
          nickname: entry.nickname.trim(),
          name: entry.name.trim(),
        })),
      )
      reset({ entries: list.nicknames })
      setSaved(true)
    } catch (error) {
      // What was typed stays in the form.
      setSaveError(errorMessage(error, t, 'guests'))
    }
  })

  const entryErrors = formState.errors.entries
  const message = (key: string | undefined) => (key ? t(key, { max: nicknameLimits.length }) : null)

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-busy={formState.isSubmitting}
    >
      {loadError && <Alert tone="error">{loadError}</Alert>}
      {saveError && <Alert tone="error">{saveError}</Alert>}
      {saved && <Alert tone="success">{t('nicknames.saved')}</Alert>}
      {builtIn !== null && (
        <p className="text-sm text-muted">{t('nicknames.builtIn', { count: builtIn })}</p>
      )}
      {entryErrors?.root?.message && (
        <p className="field-error" role="alert">
          {t(entryErrors.root.message, { max: nicknameLimits.count })}
        </p>
      )}
      <ol className="space-y-3">
        {fields.map((field, index) => (
          <li key={field.id} className="flex items-end gap-3">
            <Field
              label={t('nicknames.nickname')}
              error={message(entryErrors?.[index]?.nickname?.message)}
              className="flex-1"
            >
              {(props) => (
                <input
                  {...props}
                  className="field-input"
                  autoComplete="off"
                  maxLength={nicknameLimits.length}
                  placeholder={t('nicknames.nicknamePlaceholder')}
                  {...register(`entries.${index}.nickname`)}
                />
              )}
            </Field>
            <Field
              label={t('nicknames.name')}
              error={message(entryErrors?.[index]?.name?.message)}
              className="flex-1"
            >
              {(props) => (
                <input
                  {...props}
                  className="field-input"
                  autoComplete="off"
                  maxLength={nicknameLimits.length}
                  placeholder={t('nicknames.namePlaceholder')}
                  {...register(`entries.${index}.name`)}
                />
              )}
            </Field>
            <button
              type="button"
              className="mb-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-red-50 hover:text-red-700"
              onClick={() => remove(index)}
              aria-label={t('nicknames.remove', { number: index + 1 })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-between gap-3">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={builtIn === null || fields.length >= nicknameLimits.count}
          onClick={() =>
            append({ nickname: '', name: '' }, { focusName: `entries.${fields.length}.nickname` })
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('nicknames.add')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={builtIn === null || formState.isSubmitting}
        >
          {formState.isSubmitting ? t('nicknames.saving') : t('nicknames.save')}
        </button>
      </div>
    </form>
  )
}
