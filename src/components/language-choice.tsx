import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const languages = ['fil', 'en'] as const
type Language = (typeof languages)[number]

/** Filipino or English for a message, as two radio buttons side by side, each named in its own language. */
export function LanguageChoice({
  legend,
  value,
  onChange,
}: {
  legend: ReactNode
  value: Language
  onChange(language: Language): void
}) {
  const { t } = useTranslation('common')
  const name = `${useId()}-language`
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      <div className="flex gap-2">
        {languages.map((language) => (
          <label
            key={language}
            lang={language}
            className="flex min-h-10 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border border-line px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold"
          >
            <input
              type="radio"
              name={name}
              value={language}
              checked={value === language}
              onChange={() => onChange(language)}
              className="accent-brand-600"
            />
            {t(`language.${language}`)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
