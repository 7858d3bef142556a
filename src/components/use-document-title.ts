import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** "Sign in · Kasalan": the tab says which page it is, in the page's language, until the page closes. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation()
  const appName = t('appName')
  useEffect(() => {
    const previous = document.title
    document.title = `${title} · ${appName}`
    return () => {
      document.title = previous
    }
  }, [title, appName])
}
