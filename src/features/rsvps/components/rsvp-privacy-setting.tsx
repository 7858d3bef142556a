import { useTranslation } from 'react-i18next'
import { SettingSwitch } from '@/components/setting-switch'
import { getRsvpRequiresCode, setRsvpRequiresCode } from '@/lib/api/invitations'
import { errorMessage } from '@/lib/errors'
import { useLoad } from '@/lib/use-load'

/** The stricter privacy setting: guests need their invitation link or code to RSVP. */
export function RsvpPrivacySetting({ weddingId }: { weddingId: string }) {
  const { t } = useTranslation(['rsvps', 'rsvp'])
  const loaded = useLoad(() => getRsvpRequiresCode(weddingId), [weddingId])
  return (
    <SettingSwitch
      className="mb-6"
      title={t('tab.privacy.title')}
      label={t('tab.privacy.label')}
      hint={t('tab.privacy.hint')}
      value={loaded.data ?? null}
      onChange={async (next) => loaded.setData(await setRsvpRequiresCode(weddingId, next))}
      describe={(failure) => errorMessage(failure, t, 'rsvp')}
      loadError={loaded.error != null ? errorMessage(loaded.error, t, 'rsvp') : null}
    />
  )
}
