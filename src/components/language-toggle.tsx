import { useTranslation } from '@/lib/i18n/react'
import { setPreferredLanguage, type LanguageArea } from '@/lib/i18n'

/** Switches between Filipino and English; the choice is remembered for this part of the app. */
export function LanguageToggle({
  area,
  className = '',
}: {
  area: LanguageArea
  className?: string
}) {
  const { t, i18n } = useTranslation()
  const next = i18n.language === 'fil' ? 'en' : 'fil'
  return (
    <button
      type="button"
      // Never squeezed into two lines ("Engli / sh") beside a long name: the name gives way instead.
      className={`shrink-0 whitespace-nowrap rounded-full border border-current/30 px-3 py-1 text-sm font-medium ${className}`}
      lang={next}
      onClick={() => void setPreferredLanguage(area, next)}
    >
      {t(`language.${next}`)}
      {/* After the visible word, so the button's name begins with what it shows (WCAG 2.5.3). */}
      <span className="sr-only"> ({t('language.label')})</span>
    </button>
  )
}
