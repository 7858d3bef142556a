import { useTranslation } from 'react-i18next'
import type { RelationshipSide, RelationshipType } from '../model/types'

/** "Family · Groom's side" in the reader's language; nothing when the household has neither. */
export function RelationText({
  side,
  type,
  className,
}: {
  side: RelationshipSide | null
  type: RelationshipType | null
  className?: string
}) {
  const { t } = useTranslation('guests')
  const parts = [type && t(`relation.type.${type}`), side && t(`relation.side.${side}`)].filter(
    Boolean,
  )
  if (parts.length === 0) return null
  return <span className={className}>{parts.join(' · ')}</span>
}
