import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { limits, type SectionType, type Shape } from '@/lib/site-content'
import { eventTypes, newItem, paymentLabels, widgetFor } from '../model/form-layout'
import { getAt, moveItem, pathKey, type ValuePath } from '../model/value-path'
import { ImageField } from './image-field'

export interface FieldContext {
  type: SectionType
  weddingId: string
  data: unknown
  /** Problems by path (`events.0.name`), as stable codes. */
  problems: ReadonlyMap<string, string>
  change(path: ValuePath, value: unknown): void
  /** The form's one note that dates and times are Philippine time: date and time fields point to it. */
  timeNoteId?: string
}

const leafLimit: Record<string, number> = {
  line: limits.line,
  text: limits.text,
  url: limits.url,
  embed: limits.embed,
}

/** The labels of a field, most specific first: `fields.schedule.events.name`, then `fields.name`. */
function useLabels() {
  const { t } = useTranslation('content')
  return (
    group: string,
    type: SectionType,
    path: ValuePath,
    options: Record<string, unknown> = {},
  ) => {
    const names = path.filter((key): key is string => typeof key === 'string')
    const last = names[names.length - 1] ?? ''
    return t([`${group}.${type}.${names.join('.')}`, `${group}.${last}`], {
      defaultValue: last,
      ...options,
    })
  }
}

function useProblem(context: FieldContext, path: ValuePath) {
  const { t } = useTranslation('content')
  const code = context.problems.get(pathKey(path))
  return code ? t(`problems.${code}`, { defaultValue: t('problems.invalid') }) : null
}

/** Every field of one shape at `path` (the top of a section's data is `[]`). */
export function ShapeFields({
  shape,
  path,
  context,
}: {
  shape: Shape
  path: ValuePath
  context: FieldContext
}) {
  if (typeof shape === 'string') return <LeafField kind={shape} path={path} context={context} />
  if (Array.isArray(shape))
    return <ListField item={shape[0] as Shape} path={path} context={context} />
  return <GroupField shape={shape as Record<string, Shape>} path={path} context={context} />
}

function GroupField({
  shape,
  path,
  context,
}: {
  shape: Record<string, Shape>
  path: ValuePath
  context: FieldContext
}) {
  const label = useLabels()
  const widget = widgetFor(context.type, path)
  const entries = Object.entries(shape).filter(
    ([key]) => widgetFor(context.type, [...path, key]) !== 'hidden',
  )
  const leaves = entries.filter(([, child]) => typeof child === 'string')
  const nested = entries.filter(([, child]) => typeof child !== 'string')
  const body = (
    <div className={widget === 'twoColumns' ? 'grid gap-4 md:grid-cols-2' : 'space-y-4'}>
      {leaves.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          {leaves.map(([key, child]) => (
            <div
              key={key}
              className={
                child === 'text' || child === 'image' || child === 'embed' ? 'sm:col-span-2' : ''
              }
            >
              <ShapeFields shape={child} path={[...path, key]} context={context} />
            </div>
          ))}
        </div>
      )}
      {nested.map(([key, child]) => (
        <ShapeFields key={key} shape={child} path={[...path, key]} context={context} />
      ))}
    </div>
  )
  // A list item's own fields, and the section's top, need no box of their own.
  if (path.length === 0 || typeof path[path.length - 1] === 'number') return body
  return (
    // Boxes inside boxes (the entourage's sponsors): slimmer margins on a phone leave the fields room.
    <fieldset className="min-w-0 rounded-xl border border-line p-3 sm:p-4">
      <legend className="px-1 text-base font-semibold text-ink">
        {label('groups', context.type, path)}
      </legend>
      {label('groupHints', context.type, path, { defaultValue: '' }) && (
        <p className="-mt-1 mb-3 text-sm text-muted">
          {label('groupHints', context.type, path, { defaultValue: '' })}
        </p>
      )}
      {body}
    </fieldset>
  )
}

function ListField({
  item,
  path,
  context,
}: {
  item: Shape
  path: ValuePath
  context: FieldContext
}) {
  const { t } = useTranslation('content')
  const label = useLabels()
  const id = useId()
  const raw = getAt(context.data, path)
  const items = Array.isArray(raw) ? raw : []
  const problem = useProblem(context, path)
  const full = items.length >= limits.maxItems
  const itemName = (index: number) => label('items', context.type, path, { number: index + 1 })
  // A name and a role (a sponsor, a parent): one short row each, so a long entourage fits a phone.
  const compact =
    typeof item === 'object' &&
    !Array.isArray(item) &&
    Object.values(item).every((kind) => kind === 'line') &&
    Object.keys(item).length <= 2
  // Lists inside a group (the entourage's) fold away, so the page stays short on a phone.
  const folded = path.length >= 2
  const legend = label('lists', context.type, path)
  // Open at first when short; after that the couple's own opening and closing is kept.
  const [initiallyOpen] = useState(items.length <= 2)

  const move = (from: number, to: number, direction: 'up' | 'down') => {
    context.change(path, moveItem(items, from, to))
    // Keeps the keyboard on the moved item's same button, so "up, up, up" works.
    requestAnimationFrame(() => {
      const target = document.querySelectorAll<HTMLButtonElement>(
        `[data-list="${id}"][data-move="${direction}"]`,
      )[to]
      target?.focus()
    })
  }

  const controls = (index: number) => (
    <div className="flex shrink-0 items-center gap-1">
      <button
        type="button"
        data-list={id}
        data-move="up"
        className="rounded-md p-2 text-muted hover:bg-brand-50 hover:text-ink disabled:opacity-30"
        disabled={index === 0}
        aria-label={t('listField.moveUp', { item: itemName(index) })}
        onClick={() => move(index, index - 1, 'up')}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        data-list={id}
        data-move="down"
        className="rounded-md p-2 text-muted hover:bg-brand-50 hover:text-ink disabled:opacity-30"
        disabled={index === items.length - 1}
        aria-label={t('listField.moveDown', { item: itemName(index) })}
        onClick={() => move(index, index + 1, 'down')}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className="rounded-md p-2 text-muted hover:bg-red-50 hover:text-red-700"
        aria-label={t('listField.remove', { item: itemName(index) })}
        onClick={() =>
          context.change(
            path,
            items.filter((_, other) => other !== index),
          )
        }
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  )

  const list = (
    <fieldset className="min-w-0">
      <legend className={folded ? 'sr-only' : 'text-base font-semibold text-ink'}>{legend}</legend>
      {items.length === 0 && (
        <p className="mt-2 rounded-lg bg-canvas px-4 py-3 text-sm text-muted">
          {t('listField.empty')}
        </p>
      )}
      <ol className={compact ? 'mt-3 space-y-2' : 'mt-3 space-y-3'}>
        {items.map((_, index) =>
          compact ? (
            <li
              key={index}
              aria-label={itemName(index)}
              className="flex flex-wrap items-end gap-2 rounded-lg border border-line bg-white p-2"
            >
              {/* The fields keep at least 14rem: where that leaves no room for the buttons (a
                  phone), the buttons go under them rather than squeezing "Ram" into view. */}
              <div className="min-w-0" style={{ flex: '1 1 14rem' }}>
                <ShapeFields shape={item} path={[...path, index]} context={context} />
              </div>
              <div className="ml-auto">{controls(index)}</div>
            </li>
          ) : (
            <li key={index} className="rounded-xl border border-line bg-white p-4">
              <div className="mb-3 flex items-center gap-1">
                <span className="mr-auto text-sm font-semibold text-muted">{itemName(index)}</span>
                {controls(index)}
              </div>
              <ShapeFields shape={item} path={[...path, index]} context={context} />
            </li>
          ),
        )}
      </ol>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="btn btn-secondary mt-3"
        disabled={full}
        onClick={() => context.change(path, [...items, newItem(item)])}
      >
        <Plus aria-hidden="true" className="size-4 shrink-0" />
        {label('add', context.type, path)}
      </button>
      {full && (
        <p className="mt-1.5 text-sm text-muted">{t('listField.full', { max: limits.maxItems })}</p>
      )}
    </fieldset>
  )

  if (!folded) return list
  return (
    <details open={initiallyOpen} className="group rounded-lg border border-line bg-canvas/40 p-2">
      <summary className="cursor-pointer py-1 font-semibold text-ink">
        {legend} <span className="font-normal text-muted">({items.length})</span>
      </summary>
      <div className="pb-2">{list}</div>
    </details>
  )
}

function LeafField({
  kind,
  path,
  context,
}: {
  kind: string
  path: ValuePath
  context: FieldContext
}) {
  const label = useLabels()
  const { t } = useTranslation('content')
  const id = useId()
  const value = getAt(context.data, path)
  const problem = useProblem(context, path)
  const widget = widgetFor(context.type, path)
  const text = typeof value === 'string' ? value : ''
  const name = label('fields', context.type, path)
  const hint = label('hints', context.type, path, { defaultValue: '' }) || kindHint(kind, t)
  const timeNote =
    (kind === 'date' || kind === 'time') && context.timeNoteId ? context.timeNoteId : null
  const set = (next: unknown) => context.change(path, next)

  if (kind === 'image') {
    return (
      <ImageField
        label={name}
        value={value as never}
        weddingId={context.weddingId}
        onChange={set}
        error={problem}
      />
    )
  }
  if (widget === 'eventType')
    return <EventTypeField id={id} name={name} value={text} onChange={set} />

  const describedBy =
    [hint ? `${id}-hint` : null, timeNote, problem ? `${id}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined
  const common = {
    id,
    'aria-invalid': Boolean(problem),
    'aria-describedby': describedBy,
    className: 'field-input',
  }
  let control: ReactNode
  if (kind === 'text' || kind === 'embed') {
    control = (
      <textarea
        {...common}
        rows={kind === 'embed' ? 3 : 4}
        maxLength={leafLimit[kind]}
        value={text}
        onChange={(event) => set(event.target.value)}
      />
    )
  } else if (kind === 'color') {
    control = (
      <input
        {...common}
        type="color"
        className="h-11 w-20 cursor-pointer rounded-lg border border-line bg-white p-1"
        value={text || '#d4af37'}
        onChange={(event) => set(event.target.value)}
      />
    )
  } else if (kind.startsWith('enum:')) {
    control = (
      <select {...common} value={text} onChange={(event) => set(event.target.value)}>
        {kind
          .slice('enum:'.length)
          .split('|')
          .map((option) => (
            <option key={option} value={option}>
              {t(`options.${option}`, { defaultValue: option })}
            </option>
          ))}
      </select>
    )
  } else {
    const inputType =
      kind === 'date' ? 'date' : kind === 'time' ? 'time' : kind === 'url' ? 'url' : 'text'
    control = (
      <input
        {...common}
        type={inputType}
        maxLength={leafLimit[kind]}
        list={widget === 'paymentLabel' ? `${id}-labels` : undefined}
        value={text}
        onChange={(event) => set(event.target.value)}
      />
    )
  }
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {name}
      </label>
      {control}
      {widget === 'paymentLabel' && (
        <datalist id={`${id}-labels`}>
          {paymentLabels.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {problem}
        </p>
      )}
    </div>
  )
}

function kindHint(kind: string, t: (key: string) => string) {
  // Dates and times: said once for the whole form (FieldContext's timeNoteId), not under each field.
  if (kind === 'embed') return t('kindHints.embed')
  return ''
}

/** Ceremony, cocktail, reception, or a kind the couple names. */
function EventTypeField({
  id,
  name,
  value,
  onChange,
}: {
  id: string
  name: string
  value: string
  onChange(value: string): void
}) {
  const { t } = useTranslation('content')
  const known = (eventTypes as readonly string[]).includes(value)
  // "Something else" chosen with its name still empty; a name typed is itself the answer.
  const [otherChosen, setOther] = useState(false)
  const choice = known ? value : value !== '' || otherChosen ? 'other' : ''
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={id} className="field-label">
          {name}
        </label>
        <select
          id={id}
          className="field-input"
          value={choice}
          onChange={(event) => {
            const next = event.target.value
            setOther(next === 'other')
            onChange(next === 'other' || next === '' ? '' : next)
          }}
        >
          <option value="">{t('eventTypes.none')}</option>
          {eventTypes.map((type) => (
            <option key={type} value={type}>
              {t(`eventTypes.${type}`)}
            </option>
          ))}
          <option value="other">{t('eventTypes.other')}</option>
        </select>
      </div>
      {choice === 'other' && (
        <div>
          <label htmlFor={`${id}-other`} className="field-label">
            {t('eventTypes.otherName')}
          </label>
          <input
            id={`${id}-other`}
            className="field-input"
            maxLength={limits.line}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      )}
    </div>
  )
}
