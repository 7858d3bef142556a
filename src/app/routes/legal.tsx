import { useTranslation } from 'react-i18next'

/** The short terms of use and privacy policy, in both languages. */
function LegalPage({ page }: { page: 'terms' | 'privacy' }) {
  const { t } = useTranslation(['legal', 'app'])
  const paragraphs = t(page, { returnObjects: true }) as string[]
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-6 py-12">
      <h1 className="font-display text-4xl">
        {t(page === 'terms' ? 'app:legal.termsTitle' : 'app:legal.privacyTitle')}
      </h1>
      <p className="mt-2 text-sm text-muted">{t('app:legal.updated')}</p>
      <div className="mt-8 space-y-4 leading-relaxed">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </main>
  )
}

export const TermsPage = () => <LegalPage page="terms" />
export const PrivacyPage = () => <LegalPage page="privacy" />
