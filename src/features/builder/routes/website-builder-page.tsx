import { useTranslation } from 'react-i18next'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { BuilderScreen } from '../components/builder-screen'

/** The website builder at /manage/website: the couple's site, its shape, theme, details and address. */
export function WebsiteBuilderPage() {
  const { t } = useTranslation('builder')
  return (
    <MyWeddingGate namespace="builder" failedTitle={t('loadFailed')}>
      {(wedding) => <BuilderScreen wedding={wedding} />}
    </MyWeddingGate>
  )
}
