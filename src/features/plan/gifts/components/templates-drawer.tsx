import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Drawer } from '@/components/drawer'
import type { ThankYouTemplates } from '@/lib/api/gifts'
import { errorMessage } from '@/lib/errors'
import { defaultThankYou, thankYouTemplate, type MessageLanguage } from '../model/gift-ledger'

const languages: MessageLanguage[] = ['fil', 'en']
const maxLength = 1000

// Two buttons share a phone's width, each on one line.
const footerButton =
  'flex-1 whitespace-nowrap px-3 text-sm sm:flex-none sm:px-4 sm:text-[0.9375rem]'

interface TemplatesDrawerProps {
  open: boolean
  onOpenChange(open: boolean): void
  templates: ThankYouTemplates
  save(templates: ThankYouTemplates): Promise<void>
}

/** The couple's thank-you wording in Filipino and English; ours until they change it. */
export function TemplatesDrawer({ open, onOpenChange, templates, save }: TemplatesDrawerProps) {
  const { t } = useTranslation('plan')
  const formId = useId()
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={t('gifts.templates.title')}
      description={t('gifts.templates.intro')}
      footer={
        <>
          <button
            type="button"
            className={`btn btn-secondary ${footerButton}`}
            onClick={() => onOpenChange(false)}
          >
            {t('gifts.form.cancel')}
          </button>
          <button type="submit" form={formId} className={`btn btn-primary ${footerButton}`}>
            {t('gifts.templates.save')}
          </button>
        </>
      }
    >
      {open && <TemplatesForm formId={formId} templates={templates} save={save} />}
    </Drawer>
  )
}

function TemplatesForm({
  formId,
  templates,
  save,
}: Pick<TemplatesDrawerProps, 'templates' | 'save'> & { formId: string }) {
  const { t } = useTranslation('plan')
  const id = useId()
  const {
    register,
    handleSubmit,
    setValue,
    formState: { isSubmitting: saving },
  } = useForm<Record<MessageLanguage, string>>({
    defaultValues: {
      fil: thankYouTemplate(templates, 'fil'),
      en: thankYouTemplate(templates, 'en'),
    },
  })
  const [failure, setFailure] = useState<string | null>(null)

  const submit = handleSubmit(async (texts) => {
    setFailure(null)
    try {
      // Our wording is saved as none, so a couple who kept it gets ours as it improves.
      await save({
        fil: texts.fil.trim() === defaultThankYou.fil ? '' : texts.fil,
        en: texts.en.trim() === defaultThankYou.en ? '' : texts.en,
      })
    } catch (error) {
      setFailure(errorMessage(error, t, 'plan'))
    }
  })

  return (
    <form id={formId} noValidate className="space-y-5" onSubmit={(event) => void submit(event)}>
      {failure && <Alert tone="error">{failure}</Alert>}
      <p className="text-sm text-muted">{t('gifts.templates.placeholders')}</p>
      <fieldset disabled={saving} className="space-y-5">
        {languages.map((language) => (
          <div key={language}>
            <label htmlFor={`${id}-${language}`} className="field-label">
              {t(`gifts.templates.${language}`)}
            </label>
            <textarea
              id={`${id}-${language}`}
              lang={language}
              className="field-input min-h-40"
              maxLength={maxLength}
              {...register(language)}
            />
            <button
              type="button"
              className="mt-1 text-sm font-medium text-brand-700 underline underline-offset-2"
              onClick={() => setValue(language, defaultThankYou[language], { shouldDirty: true })}
            >
              {t(`gifts.templates.useOurs.${language}`)}
            </button>
          </div>
        ))}
      </fieldset>
    </form>
  )
}
