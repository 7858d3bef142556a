import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import type { Wedding } from '@/lib/api'
import { PlanTabs } from './plan-tabs'

/**
 * Every plan screen's frame: the title, the sub-navigation, then the screen, once the wedding is
 * known (a spinner until then, and the error with a retry if it cannot be loaded).
 */
export function PlanShell({ children }: { children(wedding: Wedding): ReactNode }) {
  const { t } = useTranslation('plan')
  return (
    <MyWeddingGate namespace="plan">
      {(wedding) => (
        <div className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
          <PlanTabs wedding={wedding} />
          <header>
            <h1 className="font-display text-3xl text-ink">{t('title')}</h1>
            <p className="mt-2 text-muted">{t('intro')}</p>
          </header>
          {children(wedding)}
        </div>
      )}
    </MyWeddingGate>
  )
}
