import { useTranslation } from 'react-i18next'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { GuestListScreen } from '../components/guest-list-screen'

/** /manage/guests: the couple's guest list, once their wedding is known. */
export function GuestsPage() {
  const { t } = useTranslation('guests')
  return (
    <MyWeddingGate namespace="guests" failedTitle={t('list.weddingFailed')}>
      {(wedding) => <GuestListScreen wedding={wedding} />}
    </MyWeddingGate>
  )
}
