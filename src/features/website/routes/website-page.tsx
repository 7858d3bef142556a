import { useTranslation } from 'react-i18next'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { WebsiteScreen } from '../components/website-screen'

/** The website builder at /manage/website: the couple's site, its shape, theme, details and address. */
export function WebsitePage() {
  const { t } = useTranslation('website')
  return (
    <MyWeddingGate namespace="website" failedTitle={t('loadFailed')}>
      {(wedding) => <WebsiteScreen wedding={wedding} />}
    </MyWeddingGate>
  )
}
