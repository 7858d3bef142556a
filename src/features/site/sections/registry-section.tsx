import { Check, Copy, Gift } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '@/lib/i18n/react'
import type { Section } from '@/lib/api'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useSectionHeader } from '../components/use-section-header'
import { imageSources, readData, registryData, type PaymentOption } from '@/lib/site-content'
import { SiteImage } from '../components/site-image'

interface Props {
  section: Section
  level: HeadingLevel
}

/** Handog: the couple's note about gifts, and where a cash gift can go (GCash, Maya, a bank). */
export function RegistrySection({ section, level }: Props) {
  const header = useSectionHeader(section)
  const { note, paymentOptions } = readData(registryData, section.data)
  const options = paymentOptions.filter(
    (option) => option.label || option.accountNumber || option.qrImage,
  )
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      {(note || options.length > 0) && (
        <div className="space-y-6">
          {note && (
            <p className="site-subheading whitespace-pre-line text-center text-[1.125rem] leading-relaxed">
              {note}
            </p>
          )}
          {options.map((option, index) => (
            <PaymentCard key={`${option.label}-${index}`} option={option} />
          ))}
        </div>
      )}
    </SectionFrame>
  )
}

function PaymentCard({ option }: { option: PaymentOption }) {
  const { t } = useTranslation('site')
  const qr = imageSources(option.qrImage)
  return (
    <div className="site-card text-center">
      <Gift aria-hidden="true" className="site-ornament mx-auto size-6" />
      {option.label && <h3 className="site-eyebrow mt-3 text-[0.8rem]">{option.label}</h3>}
      {option.accountName && <p className="site-subheading mt-2">{option.accountName}</p>}
      {option.accountNumber && (
        <div className="mt-2 flex flex-wrap items-center justify-center gap-2">
          <span className="font-semibold tracking-wider tabular-nums">{option.accountNumber}</span>
          <CopyButton value={option.accountNumber} label={option.label ?? ''} />
        </div>
      )}
      {qr && (
        <SiteImage
          image={option.qrImage}
          alt={t('registry.qrAlt', { label: option.label ?? '' })}
          width={200}
          height={200}
          sizes="200px"
          loading="lazy"
          className="mx-auto mt-5 size-[200px] rounded-(--site-radius) bg-white object-contain p-2"
        />
      )}
    </div>
  )
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('site')
  const [copied, setCopied] = useState(false)
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null
  const copy = () =>
    navigator.clipboard.writeText(value.replace(/\s+/g, '')).then(
      () => {
        setCopied(true)
        setTimeout(() => setCopied(false), 2000)
      },
      () => setCopied(false),
    )
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="site-link inline-flex min-h-11 items-center gap-1 px-2 text-sm no-underline"
      aria-label={copied ? t('registry.copied') : t('registry.copy', { label })}
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      <span aria-hidden="true">{copied ? t('registry.copiedShort') : t('registry.copyShort')}</span>
    </button>
  )
}
