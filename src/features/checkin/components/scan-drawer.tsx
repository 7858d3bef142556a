import { Camera } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Drawer } from '@/components/drawer'
import type QrScanner from 'qr-scanner'
import { loadScanner, readQrPhoto } from '../scanner'

type Problem = 'noCamera' | 'unreadable' | null

/**
 * The camera reading an invitation's QR code, with a photo of the code as the other way in (a
 * phone that will not open its camera for the page, a dark hall): both read by the same library.
 * `onText` gets the code's text; the caller says whether it is a household of the list. Mounted
 * when it opens, so the camera starts afresh each time.
 */
export function ScanDrawer({
  open,
  onOpenChange,
  onText,
  message,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  onText(text: string): void
  /** Why the last code read was not a household of the list, if it was not. */
  message: string | null
}) {
  const { t } = useTranslation('checkin')
  const video = useRef<HTMLVideoElement>(null)
  const [cameraState, setCameraState] = useState<'starting' | 'on' | 'off'>('starting')
  const [problem, setProblem] = useState<Problem>(null)
  const [reading, setReading] = useState(false)
  const inputId = useId()
  const onTextRef = useRef(onText)
  useEffect(() => {
    onTextRef.current = onText
  })

  useEffect(() => {
    if (!open) return
    let stopped = false
    let scanner: QrScanner | null = null
    void loadScanner()
      .then(async ({ default: Scanner }) => {
        if (stopped || !video.current) return
        if (!(await Scanner.hasCamera())) throw new Error('no camera')
        if (stopped || !video.current) return
        scanner = new Scanner(video.current, (result) => onTextRef.current(result.data), {
          returnDetailedScanResult: true,
          preferredCamera: 'environment',
          maxScansPerSecond: 10,
        })
        await scanner.start()
        if (!stopped) setCameraState('on')
      })
      .catch(() => {
        if (stopped) return
        setCameraState('off')
        setProblem('noCamera')
      })
    return () => {
      stopped = true
      scanner?.destroy()
    }
  }, [open])

  async function readPhoto(file: File | undefined) {
    if (!file) return
    setReading(true)
    setProblem(null)
    try {
      onTextRef.current(await readQrPhoto(file))
    } catch {
      setProblem('unreadable')
    } finally {
      setReading(false)
    }
  }

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={t('scan.title')}
      description={t('scan.description')}
    >
      <div className="space-y-4">
        <div
          className={`relative overflow-hidden rounded-2xl bg-ink ${cameraState === 'off' ? 'hidden' : ''}`}
        >
          {/* The camera's picture; what it reads is announced below, never only shown. */}
          <video
            ref={video}
            className="aspect-square w-full object-cover"
            muted
            playsInline
            aria-hidden="true"
          />
          {cameraState === 'starting' && (
            <p className="absolute inset-0 flex items-center justify-center text-lg text-white">
              {t('scan.starting')}
            </p>
          )}
        </div>

        <div className="space-y-3">
          {message && <Alert tone="error">{message}</Alert>}
          {problem && (
            <Alert tone={problem === 'noCamera' ? 'info' : 'error'}>{t(`scan.${problem}`)}</Alert>
          )}
          {reading && <p className="text-lg text-muted">{t('scan.reading')}</p>}
        </div>

        <label
          htmlFor={inputId}
          className="flex min-h-14 cursor-pointer items-center justify-center gap-3 rounded-2xl border-2 border-brand-600 px-4 py-3 text-lg font-semibold text-brand-700 focus-within:ring-2 focus-within:ring-brand-400 hover:bg-brand-50"
        >
          <Camera aria-hidden="true" className="size-6" />
          {t('scan.photo')}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={(event) => {
              void readPhoto(event.target.files?.[0])
              event.target.value = ''
            }}
          />
        </label>
      </div>
    </Drawer>
  )
}
