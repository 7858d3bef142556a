import { Monitor, Smartphone } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SitePreviewFrame } from '@/components/site-preview-frame'
import type { Site } from '@/lib/api'

type Device = 'desktop' | 'phone'

/** From this width the desktop preview is shown first. */
const wideEnough = '(min-width: 768px)'

/** The live preview of the unsaved site, the real public renderer, on a desktop or a 360 px phone. */
export function WebsitePreview({ site }: { site: Site }) {
  const { t } = useTranslation('website')
  // A phone shows the phone preview first: the desktop one, scaled to a phone's width, is too small to read.
  const [device, setDevice] = useState<Device>(() =>
    window.matchMedia?.(wideEnough).matches === false ? 'phone' : 'desktop',
  )
  const language = site.wedding.siteLanguage

  return (
    <section
      aria-labelledby="website-preview-title"
      className="min-w-0 lg:sticky lg:top-4 lg:self-start"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="website-preview-title" className="font-display text-xl">
          {t('preview.title')}
        </h2>
        <div
          role="group"
          aria-label={t('preview.device')}
          className="flex rounded-full bg-white p-1 text-sm font-semibold ring-1 ring-line"
        >
          {(['desktop', 'phone'] as const).map((option) => {
            const Icon = option === 'desktop' ? Monitor : Smartphone
            return (
              <button
                key={option}
                type="button"
                aria-pressed={device === option}
                onClick={() => setDevice(option)}
                className={`flex items-center gap-1.5 rounded-full px-3 py-1.5 ${
                  device === option ? 'bg-brand-600 text-white' : 'text-muted hover:text-ink'
                }`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(`preview.${option}`)}
              </button>
            )
          })}
        </div>
      </div>
      <SitePreviewFrame
        site={site}
        language={language}
        device={device}
        title={t(device === 'phone' ? 'preview.phoneFrame' : 'preview.desktopFrame')}
        className={device === 'phone' ? 'h-[min(760px,80vh)]' : 'h-[min(720px,75vh)]'}
      />
      <p className="mt-2 text-sm text-muted">{t('preview.hint')}</p>
    </section>
  )
}
