import { ImagePlus, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getMedia, resolveImageSrc } from '@/lib/media'
import { ImageUploadError, maxPickedBytes, uploadImage } from '@/lib/media/resize'
import { imageSources, limits, type ImageValue, type StoredImage } from '@/lib/site-content'

interface Props {
  label: string
  value: ImageValue
  weddingId: string
  onChange(value: StoredImage | string | null): void
  error?: string | null
}

/** A small preview of the photo as the site will show it (uploads are resolved first). */
function Thumbnail({ value }: { value: ImageValue }) {
  const sources = imageSources(value)
  const small = sources?.candidates[0]?.src ?? sources?.src ?? null
  const [resolved, setResolved] = useState<{ src: string; url: string | null } | null>(null)
  useEffect(() => {
    if (!small) return
    let cancelled = false
    void resolveImageSrc(small).then((url) => !cancelled && setResolved({ src: small, url }))
    return () => {
      cancelled = true
    }
  }, [small])
  const url = resolved?.src === small ? resolved.url : null
  if (!sources) return null
  return url ? (
    <img
      src={url}
      alt=""
      width={96}
      height={96}
      className="size-24 shrink-0 rounded-lg border border-line bg-canvas object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="block size-24 shrink-0 rounded-lg border border-line bg-canvas"
    />
  )
}

/**
 * A photo: pick one from the phone's camera roll or the computer, resized and stripped of its
 * EXIF in the browser before it is stored; its description for screen readers; remove it.
 */
export function ImageField({ label, value, weddingId, onChange, error }: Props) {
  const { t } = useTranslation('content')
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const stored = value && typeof value === 'object' ? value : null
  const hasImage = Boolean(imageSources(value))

  const pick = async (file: File | undefined) => {
    if (!file) return
    setProblem(null)
    setBusy(true)
    try {
      const media = await getMedia()
      const image = await uploadImage(file, stored?.alt ?? '', (name, blob) =>
        media.upload(weddingId, { name, blob }),
      )
      onChange(image)
    } catch (failure) {
      setProblem(
        failure instanceof ImageUploadError
          ? t(`image.errors.${failure.problem}`, {
              limit: Math.round(maxPickedBytes / 1024 / 1024),
            })
          : t('image.errors.upload'),
      )
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  const message = problem ?? error ?? null
  return (
    <fieldset className="min-w-0">
      <legend className="field-label">{label}</legend>
      <div className="flex flex-wrap items-start gap-3">
        <Thumbnail value={value} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/*"
            className="hidden"
            tabIndex={-1}
            aria-label={label}
            disabled={busy}
            onChange={(event) => void pick(event.target.files?.[0])}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
              onClick={() => input.current?.click()}
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              {busy ? t('image.uploading') : hasImage ? t('image.replace') : t('image.choose')}
              <span className="sr-only">: {label}</span>
            </button>
            {hasImage && !busy && (
              <button type="button" className="btn btn-secondary" onClick={() => onChange(null)}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('image.remove')}
                <span className="sr-only">: {label}</span>
              </button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {t('image.hint', { limit: Math.round(maxPickedBytes / 1024 / 1024) })}
          </p>
          {message && (
            <p id={`${id}-error`} role="alert" className="field-error">
              {message}
            </p>
          )}
        </div>
      </div>
      {stored && (
        <div className="mt-3">
          <label htmlFor={`${id}-alt`} className="field-label">
            {t('image.alt')}
          </label>
          <input
            id={`${id}-alt`}
            className="field-input"
            maxLength={limits.line}
            value={stored.alt ?? ''}
            aria-describedby={`${id}-alt-hint`}
            onChange={(event) => onChange({ ...stored, alt: event.target.value })}
          />
          <p id={`${id}-alt-hint`} className="mt-1.5 text-sm text-muted">
            {t('image.altHint')}
          </p>
        </div>
      )}
    </fieldset>
  )
}
