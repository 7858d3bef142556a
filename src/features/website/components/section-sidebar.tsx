import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  ArrowDown,
  ArrowUp,
  ChevronDown,
  Eye,
  EyeOff,
  GripVertical,
  PencilLine,
  Plus,
  Trash2,
} from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import * as z from 'zod/mini'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Field } from '@/components/field'
import { paths } from '@/lib/paths'
import { useWebsiteStore } from '../website-store'
import {
  addCustomPage,
  LABEL_MAX_LENGTH,
  MAX_SECTIONS,
  moveSection,
  removableTypes,
  removeSection,
  renameSection,
  setSectionVisible,
  type DraftSection,
} from '../model/draft'

/**
 * The site's sections in order: drag (or, by keyboard, Space then the arrow keys) to reorder, the
 * eye to show or hide, open a section to rename it, move it a step, edit its content or remove a
 * custom page. Below: add a custom page.
 */
export function SectionSidebar() {
  const { t } = useTranslation('website')
  const sections = useWebsiteStore((state) => state.history.present.sections)
  const change = useWebsiteStore((state) => state.change)
  const [openId, setOpenId] = useState<string | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const labelOf = (id: unknown) => {
    const section = sections.find((candidate) => candidate.id === id)
    return section ? sectionName(section, t) : ''
  }
  const positionOf = (id: unknown) => sections.findIndex((section) => section.id === id) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('sections.drag.picked', {
        label: labelOf(active.id),
        position: positionOf(active.id),
        total: sections.length,
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t('sections.drag.over', {
            label: labelOf(active.id),
            position: positionOf(over.id),
            total: sections.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('sections.drag.dropped', {
            label: labelOf(active.id),
            position: positionOf(over.id),
            total: sections.length,
          })
        : undefined,
    onDragCancel: ({ active }) => t('sections.drag.cancelled', { label: labelOf(active.id) }),
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = sections.findIndex((section) => section.id === active.id)
    const to = sections.findIndex((section) => section.id === over.id)
    change((draft) => moveSection(draft, from, to))
  }

  return (
    <div>
      <p className="text-sm text-muted">{t('sections.intro')}</p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('sections.drag.instructions') },
        }}
      >
        <SortableContext
          items={sections.map((section) => section.id)}
          strategy={verticalListSortingStrategy}
        >
          <ol aria-label={t('sections.listLabel')} className="mt-3 space-y-2">
            {sections.map((section, index) => (
              <SectionRow
                key={section.id}
                section={section}
                index={index}
                count={sections.length}
                open={openId === section.id}
                onToggle={() => setOpenId(openId === section.id ? null : section.id)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <AddPageForm disabled={sections.length >= MAX_SECTIONS} onAdded={setOpenId} />
    </div>
  )
}

function SectionRow({
  section,
  index,
  count,
  open,
  onToggle,
}: {
  section: DraftSection
  index: number
  count: number
  open: boolean
  onToggle(): void
}) {
  const { t } = useTranslation('website')
  const change = useWebsiteStore((state) => state.change)
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: section.id,
  })
  const panelId = useId()
  const [confirmRemove, setConfirmRemove] = useState(false)
  const name = sectionName(section, t)
  const VisibleIcon = section.visible ? Eye : EyeOff
  // Which kind of section it is, when its name does not already say so.
  const typeName = t(`common:sections.${section.type}`)
  const tag = removableTypes.has(section.type)
    ? t('sections.customTag')
    : name.toLocaleLowerCase() === typeName.toLocaleLowerCase()
      ? null
      : typeName

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-xl border bg-white ${isDragging ? 'relative z-10 border-brand-400 shadow-lg' : 'border-line'}`}
    >
      <div className="flex items-center gap-1 p-1.5">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('sections.dragHandle', { label: name })}
          className="flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted hover:bg-brand-50 hover:text-ink active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex min-h-10 min-w-0 flex-1 items-center gap-2 rounded-lg px-2 text-left hover:bg-brand-50"
        >
          <span
            className={`min-w-0 flex-1 truncate font-semibold ${section.visible ? '' : 'text-muted line-through decoration-1'}`}
          >
            {name}
          </span>
          {tag && <span className="shrink-0 text-xs text-muted">{tag}</span>}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 shrink-0 text-muted transition ${open ? 'rotate-180' : ''}`}
          />
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={section.visible}
          aria-label={t('sections.visible', { label: name })}
          title={section.visible ? t('sections.shown') : t('sections.hidden')}
          onClick={() => change((draft) => setSectionVisible(draft, section.id, !section.visible))}
          className={`flex size-10 shrink-0 items-center justify-center rounded-lg hover:bg-brand-50 ${section.visible ? 'text-brand-700' : 'text-muted'}`}
        >
          <VisibleIcon aria-hidden="true" className="size-5" />
        </button>
      </div>

      {open && (
        <div id={panelId} className="space-y-3 border-t border-line px-3 pb-3 pt-3">
          <RenameForm section={section} name={name} />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-secondary min-h-9 px-3 text-sm"
              disabled={index === 0}
              onClick={() => change((draft) => moveSection(draft, index, index - 1))}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
              {t('sections.moveUp')}
            </button>
            <button
              type="button"
              className="btn btn-secondary min-h-9 px-3 text-sm"
              disabled={index === count - 1}
              onClick={() => change((draft) => moveSection(draft, index, index + 1))}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
              {t('sections.moveDown')}
            </button>
            {!section.isNew && (
              <Link
                to={`${paths.manage.contentEditor}?section=${encodeURIComponent(section.path)}`}
                className="btn btn-secondary min-h-9 px-3 text-sm"
              >
                <PencilLine aria-hidden="true" className="size-4" />
                {t('sections.editContent')}
              </Link>
            )}
            {removableTypes.has(section.type) && (
              <button
                type="button"
                className="btn min-h-9 px-3 text-sm text-red-800 hover:bg-red-50"
                onClick={() => setConfirmRemove(true)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('sections.remove')}
              </button>
            )}
          </div>
          {section.isNew && <p className="text-sm text-muted">{t('sections.saveFirst')}</p>}
          <ConfirmDialog
            open={confirmRemove}
            onOpenChange={setConfirmRemove}
            title={t('sections.removeTitle', { label: name })}
            description={t('sections.removeBody')}
            confirmLabel={t('sections.remove')}
            onConfirm={() => {
              setConfirmRemove(false)
              change((draft) => removeSection(draft, section.id))
            }}
          />
        </div>
      )}
    </li>
  )
}

// The labels the database gives a new wedding's sections (English, whatever the couple speaks).
const seededLabels = new Set([
  'Home',
  'Our Story',
  'Schedule',
  'Travel',
  'Wedding Party',
  'Gallery',
  'Things to Do',
  'Registry',
  'FAQs',
  'RSVP',
])

/**
 * A section's name here: the one the couple gave it, else its type's one name (common:sections),
 * as the content editor and the site call it, in the reader's language.
 */
function sectionName(section: DraftSection, t: (key: string) => string) {
  const own =
    removableTypes.has(section.type) || !seededLabels.has(section.label) ? section.label : ''
  return own || t(`common:sections.${section.type}`)
}

function RenameForm({ section, name }: { section: DraftSection; name: string }) {
  const { t } = useTranslation('website')
  const change = useWebsiteStore((state) => state.change)
  const [value, setValue] = useState(section.label)
  const id = useId()
  const blank = value.trim() === ''

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!blank) change((draft) => renameSection(draft, section.id, value))
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="field-label">
          {t('sections.nameLabel')}
        </label>
        <input
          id={id}
          className="field-input"
          value={value}
          maxLength={LABEL_MAX_LENGTH}
          onChange={(event) => setValue(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {blank ? t('sections.nameRequired') : t('sections.address', { path: section.path })}
        </p>
      </div>
      <button
        type="submit"
        className="btn btn-secondary mb-5 min-h-11 px-3"
        disabled={blank || value.trim() === section.label}
      >
        {t('sections.rename')} <span className="sr-only">{name}</span>
      </button>
    </form>
  )
}

/** Adding a page's one rule; the message is a key of the `website` namespace. */
const addPageSchema = z.object({
  label: z.string().check(z.refine((value) => value.trim() !== '', 'sections.nameRequired')),
})
type AddPageValues = z.infer<typeof addPageSchema>

/**
 * A custom page, added to the draft (so undone like any change). A blank name is said under the
 * field until a name is typed; an added page's name is cleared for the next one.
 */
function AddPageForm({ disabled, onAdded }: { disabled: boolean; onAdded(id: string): void }) {
  const { t } = useTranslation('website')
  const change = useWebsiteStore((state) => state.change)
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AddPageValues>({
    resolver: zodResolver(addPageSchema),
    defaultValues: { label: '' },
  })

  // Nothing to wait for: the page goes into the draft at once, so the button stays as it is.
  const submit = handleSubmit(({ label }) => {
    const pageId = crypto.randomUUID()
    change((draft) => addCustomPage(draft, label, pageId))
    onAdded(pageId)
    reset()
  })

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="mt-5 rounded-xl border border-dashed border-line p-3"
      noValidate
    >
      <Field
        label={t('sections.addLabel')}
        error={errors.label?.message ? t(errors.label.message) : undefined}
      >
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              className="field-input"
              maxLength={LABEL_MAX_LENGTH}
              placeholder={t('sections.addPlaceholder')}
              {...register('label')}
            />
            <button
              type="submit"
              className="btn btn-primary min-h-11 shrink-0 px-3"
              disabled={disabled}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('sections.add')}
            </button>
          </div>
        )}
      </Field>
      {disabled && (
        <p className="mt-1 text-sm text-muted">{t('sections.tooMany', { max: MAX_SECTIONS })}</p>
      )}
    </form>
  )
}
