import { ComingSoon } from '@/components/coming-soon'

export function WebsiteBuilderPage() {
  return <ComingSoon pageKey="website" />
}
