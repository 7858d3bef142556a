import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** The browser tab's title while a content screen is open. */
export function useCmsTitle(title: string) {
  const { t } = useTranslation('common')
  const appName = t('appName')
  useEffect(() => {
    const previous = document.title
    document.title = `${title} · ${appName}`
    return () => {
      document.title = previous
    }
  }, [title, appName])
}
