import * as Popover from '@radix-ui/react-popover'
import { CalendarDays } from 'lucide-react'
import { useId, useRef, useState, type CSSProperties } from 'react'
import { DayPicker, type Formatters, type Labels } from 'react-day-picker'
import 'react-day-picker/style.css'
import { useTranslation } from 'react-i18next'
import { dayjs, formatLongDate } from '@/lib/dates'

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

const calendarColours = {
  '--rdp-accent-color': 'var(--color-brand-600)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-day-width': '40px',
  '--rdp-day-height': '40px',
  '--rdp-day_button-width': '38px',
  '--rdp-day_button-height': '38px',
} as CSSProperties

/**
 * The wedding date: a read-only field ("Select date", or "Still deciding" when the box is ticked)
 * that opens a calendar. Enter, Space or Arrow Down open it; the calendar takes the arrow keys,
 * Escape closes it and focus comes back to the field.
 */
export function WeddingDatePicker({
  value,
  stillDeciding,
  onSelect,
  onBlur,
  ...control
}: WeddingDatePickerProps) {
  const { t, i18n } = useTranslation('auth')
  const [open, setOpen] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const calendarId = useId()
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const locale = language === 'fil' ? 'tl-ph' : 'en'
  const local = (date: Date) => dayjs(date).locale(locale)

  const display = stillDeciding ? t('fields.stillDeciding') : formatLongDate(value, language)
  const selected = value ? dayjs(value).toDate() : undefined
  const today = dayjs().startOf('day').toDate()

  const formatters: Partial<Formatters> = {
    formatCaption: (month) => local(month).format('MMMM YYYY'),
    formatMonthDropdown: (month) => local(month).format('MMMM'),
    formatWeekdayName: (weekday) => local(weekday).format('dd'),
  }
  const labels: Partial<Labels> = {
    labelNext: () => t('calendar.next'),
    labelPrevious: () => t('calendar.previous'),
    labelMonthDropdown: () => t('calendar.month'),
    labelYearDropdown: () => t('calendar.year'),
    labelGrid: (month) => local(month).format('MMMM YYYY'),
    labelDayButton: (date, modifiers) =>
      [
        modifiers.today ? t('calendar.today') : null,
        local(date).format('dddd, D MMMM YYYY'),
        modifiers.selected ? t('calendar.selected') : null,
      ]
        .filter(Boolean)
        .join(', '),
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div className="relative">
          <input
            {...control}
            ref={inputRef}
            readOnly
            value={display}
            placeholder={t('fields.selectDate')}
            className="field-input cursor-pointer pr-11"
            role="combobox"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? calendarId : undefined}
            onClick={() => setOpen(true)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
                event.preventDefault()
                setOpen(true)
              }
            }}
            onBlur={onBlur}
          />
          <CalendarDays
            aria-hidden="true"
            className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-muted"
          />
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          id={calendarId}
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t('calendar.dialog')}
          className="z-50 rounded-xl border border-line bg-white p-3 text-ink shadow-lg"
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            inputRef.current?.focus()
          }}
        >
          <DayPicker
            mode="single"
            autoFocus
            style={calendarColours}
            selected={selected}
            defaultMonth={selected ?? today}
            startMonth={today}
            endMonth={dayjs(today).add(10, 'year').toDate()}
            disabled={{ before: today }}
            captionLayout="dropdown"
            formatters={formatters}
            labels={labels}
            onSelect={(date) => {
              if (!date) return
              onSelect(dayjs(date).format('YYYY-MM-DD'))
              setOpen(false)
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
