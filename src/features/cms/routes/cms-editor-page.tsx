import { ComingSoon } from '@/components/coming-soon'

export function CmsEditorPage() {
  return <ComingSoon pageKey="cms" />
}
