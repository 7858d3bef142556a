import { useTranslation } from 'react-i18next'
import { DatePicker } from '@/components/date-picker'

interface WeddingDatePickerProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
  /** `YYYY-MM-DD` or null. */
  value: string | null
  stillDeciding: boolean
  onSelect(date: string): void
  onBlur?(): void
}

/** The wedding date: a day from today on, or "Still deciding" when the box is ticked. */
export function WeddingDatePicker({ stillDeciding, ...props }: WeddingDatePickerProps) {
  const { t } = useTranslation('auth')
  return (
    <DatePicker
      {...props}
      futureOnly
      dialogLabel={t('calendar.dialog')}
      display={stillDeciding ? t('fields.stillDeciding') : undefined}
    />
  )
}
