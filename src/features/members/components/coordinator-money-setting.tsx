import { useTranslation } from 'react-i18next'
import { SettingSwitch } from '@/components/setting-switch'
import type { Wedding } from '@/lib/api'
import { setCoordinatorSeesMoney } from '@/lib/api/budget'
import { errorMessage } from '@/lib/errors'
import { useSessionStore } from '@/lib/session'

/** The couple's switch: whether their coordinator sees the budget, payments and gift amounts. */
export function CoordinatorMoneySetting({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('members')
  const setWedding = useSessionStore((state) => state.setWedding)
  return (
    <SettingSwitch
      title={t('money.heading')}
      label={t('money.label')}
      hint={t('money.hint')}
      value={wedding.coordinatorSeesMoney ?? false}
      onChange={async (next) => {
        const saved = await setCoordinatorSeesMoney(wedding.id, next)
        setWedding({ ...wedding, coordinatorSeesMoney: saved.coordinatorSeesMoney })
      }}
      describe={(failure) => errorMessage(failure, t, 'members')}
    />
  )
}
