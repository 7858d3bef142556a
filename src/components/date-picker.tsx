import * as Popover from '@radix-ui/react-popover'
import { CalendarDays } from 'lucide-react'
import { useId, useRef, useState, type CSSProperties } from 'react'
import { DayPicker, type Formatters, type Labels } from 'react-day-picker'
import 'react-day-picker/style.css'
import { useTranslation } from 'react-i18next'
import { dayjs, formatLongDate } from '@/lib/dates'

export interface DatePickerProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
  /** `YYYY-MM-DD` or null. */
  value: string | null
  onSelect(date: string): void
  onBlur?(): void
  /** The calendar's name, for screen readers ("Choose your wedding date"). */
  dialogLabel: string
  /** Shown instead of the date (e.g. "Still deciding"). */
  display?: string
  /** Days before today cannot be chosen (a wedding date); otherwise any day can. */
  futureOnly?: boolean
  /** A button under the calendar that empties the field ("No deadline"). */
  clear?: { label: string; onClear(): void }
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
 * A date field as Kasalan writes dates ("Saturday, 12 December 2026", in the screen's language,
 * never the browser's mm/dd/yyyy): a read-only field ("Select date") that opens a calendar. Enter,
 * Space or Arrow Down open it; the calendar takes the arrow keys, Escape closes it and focus comes
 * back to the field.
 */
export function DatePicker({
  value,
  onSelect,
  onBlur,
  dialogLabel,
  display,
  futureOnly = false,
  clear,
  ...control
}: DatePickerProps) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const calendarId = useId()
  const language = i18n.language === 'fil' ? 'fil' : 'en'
  const locale = language === 'fil' ? 'tl-ph' : 'en'
  const local = (date: Date) => dayjs(date).locale(locale)

  const shown = display ?? formatLongDate(value, language)
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
            value={shown}
            placeholder={t('calendar.selectDate')}
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
          aria-label={dialogLabel}
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
            startMonth={futureOnly ? today : dayjs(today).subtract(2, 'year').toDate()}
            endMonth={dayjs(today).add(10, 'year').toDate()}
            disabled={futureOnly ? { before: today } : undefined}
            captionLayout="dropdown"
            formatters={formatters}
            labels={labels}
            onSelect={(date) => {
              if (!date) return
              onSelect(dayjs(date).format('YYYY-MM-DD'))
              setOpen(false)
            }}
          />
          {clear && value && (
            <button
              type="button"
              className="mt-2 w-full rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              onClick={() => {
                clear.onClear()
                setOpen(false)
              }}
            >
              {clear.label}
            </button>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
