import { ChevronRight, Eye, EyeOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { WebsiteSubnav } from '@/components/website-subnav'
import type { Wedding } from '@/lib/api'
import { paths } from '@/lib/paths'
import { sectionSummary } from '../model/section-summary'
import { editorSectionTitle } from '../model/section-title'
import { useDocumentTitle } from '@/components/use-document-title'

const editorHref = (sectionPath: string) =>
  `${paths.manage.contentEditor}?section=${encodeURIComponent(sectionPath)}`

/** /manage/cms: every section of the site, how complete it is, each opening in the editor. */
export function ContentPage() {
  const { t } = useTranslation('content')
  useDocumentTitle(t('page.title'))
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      {/* The Website tab's switch, as on the design screen, with this half filled. */}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <h1 className="font-display text-3xl text-ink">{t('page.title')}</h1>
        <WebsiteSubnav
          current="content"
          labels={{ nav: t('page.subnav'), design: t('page.design'), content: t('page.content') }}
        />
      </div>
      <p className="mt-3 text-muted">{t('page.intro')}</p>
      <MyWeddingGate namespace="content" failedTitle={t('page.loadError')}>
        {(wedding) => <SectionList wedding={wedding} />}
      </MyWeddingGate>
    </div>
  )
}

function SectionList({ wedding }: { wedding: Wedding }) {
  const { t } = useTranslation('content')
  return (
    <ul className="mt-6 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
      {wedding.sections.map((section) => {
        const title = editorSectionTitle(section, wedding, t)
        const typeName = t(`common:sections.${section.type}`)
        const summary = sectionSummary(section.type, section.data)
        return (
          <li key={section.id}>
            <Link
              to={editorHref(section.path)}
              className="flex items-center gap-3 px-4 py-4 hover:bg-brand-50 focus-visible:bg-brand-50"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{title}</p>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                  {/* The section's kind, when its title does not already say it ("Our Story" once, not twice). */}
                  {typeName.trim().toLowerCase() !== title.trim().toLowerCase() && (
                    <span>{typeName}</span>
                  )}
                  <span className="inline-flex items-center gap-1">
                    {section.visible ? (
                      <Eye aria-hidden="true" className="size-3.5" />
                    ) : (
                      <EyeOff aria-hidden="true" className="size-3.5" />
                    )}
                    {section.visible ? t('page.visible') : t('page.hidden')}
                  </span>
                  {summary && <span>{t(`summary.${summary.key}`, { count: summary.count })}</span>}
                </p>
              </div>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
