import { ComingSoon } from '@/components/coming-soon'

export function CmsPage() {
  return <ComingSoon pageKey="cms" />
}
