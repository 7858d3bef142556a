import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { MyWeddingGate } from '@/components/my-wedding-gate'
import { paths } from '@/lib/paths'
import { SectionEditor } from '../components/section-editor'
import { editorSectionTitle } from '../model/section-title'
import { useDocumentTitle } from '@/components/use-document-title'

/** /manage/cms/editor?section=<section path>: one section's content. */
export function ContentEditorPage() {
  const { t } = useTranslation('content')
  const [params] = useSearchParams()
  const sectionPath = params.get('section') ?? ''
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Link
        to={paths.manage.content}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('editor.back')}
      </Link>
      <MyWeddingGate namespace="content" failedTitle={t('page.loadError')}>
        {(wedding) => {
          const section = wedding.sections.find((candidate) => candidate.path === sectionPath)
          if (!section) return <NoSuchSection />
          return (
            <>
              <EditorHeading
                title={editorSectionTitle(section, wedding, t)}
                type={t(`common:sections.${section.type}`)}
                hidden={!section.visible}
              />
              <SectionEditor key={section.id} wedding={wedding} sectionId={section.id} />
            </>
          )
        }}
      </MyWeddingGate>
    </div>
  )
}

function EditorHeading({ title, type, hidden }: { title: string; type: string; hidden: boolean }) {
  const { t } = useTranslation('content')
  useDocumentTitle(t('editor.documentTitle', { section: title }))
  return (
    <div className="mb-6 mt-3">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">{type}</p>
      <h1 className="font-display text-3xl text-ink">{title}</h1>
      {hidden && <p className="mt-1 text-sm text-muted">{t('editor.hiddenNote')}</p>}
    </div>
  )
}

function NoSuchSection() {
  const { t } = useTranslation('content')
  useDocumentTitle(t('editor.notFound'))
  return (
    <div className="mt-6 rounded-2xl border border-line bg-white p-6">
      <h1 className="font-display text-2xl text-ink">{t('editor.notFound')}</h1>
      <p className="mt-2 text-muted">{t('editor.notFoundBody')}</p>
      <Link to={paths.manage.content} className="btn btn-primary mt-4">
        {t('editor.back')}
      </Link>
    </div>
  )
}
