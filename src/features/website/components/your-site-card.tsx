import { Check, Copy, Download, ExternalLink, Info, MessageCircle } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Wedding } from '@/lib/api'
import { downloadFile } from '@/lib/csv'
import { usesSupabase } from '@/lib/env'
import { linkPreviewUrl } from '@/lib/link-preview'
import { paths } from '@/lib/paths'
import { qrFileName, qrMatrix, qrSvg } from '@/lib/qr'

const PNG_MODULE_PX = 16

/**
 * "Your site": the full address, copy it, open it, and its QR code to download for invitations; on
 * hosted Supabase, the link to paste in chats (through the link-preview function, so Messenger,
 * Viber, WhatsApp and Facebook show the couple), and on the embedded database, that they cannot.
 */
export function YourSiteCard({
  wedding,
  className = '',
}: {
  wedding: Wedding
  className?: string
}) {
  const { t } = useTranslation('website')
  const address = `${window.location.origin}${paths.site.wedding(wedding.slug)}`
  const chatLink = linkPreviewUrl ? `${linkPreviewUrl}${paths.site.wedding(wedding.slug)}` : null
  const svg = useMemo(() => qrSvg(address), [address])
  const [copied, setCopied] = useState<{ what: 'site' | 'chat'; ok: boolean } | null>(null)

  const copy = async (what: 'site' | 'chat', text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied({ what, ok: true })
    } catch {
      setCopied({ what, ok: false })
    }
  }
  const copyStatus = (what: 'site' | 'chat') =>
    copied?.what !== what ? '' : copied.ok ? t('site.copied') : t('site.copyFailed')

  const downloadPng = () => {
    const matrix = qrMatrix(address)
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = matrix.length * PNG_MODULE_PX
    const context = canvas.getContext('2d')
    if (!context) return
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.fillStyle = '#000000'
    matrix.forEach((row, y) =>
      row.forEach(
        (dark, x) =>
          dark &&
          context.fillRect(x * PNG_MODULE_PX, y * PNG_MODULE_PX, PNG_MODULE_PX, PNG_MODULE_PX),
      ),
    )
    canvas.toBlob((blob) => {
      if (!blob) return
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = qrFileName(wedding.slug, 'png')
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    }, 'image/png')
  }

  return (
    <section
      aria-labelledby="your-site-title"
      className={`rounded-2xl border border-line bg-white p-5 shadow-sm ${className}`}
    >
      <div className="flex flex-col gap-5 md:flex-row md:items-center">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('site.qrAlt', { address })}
          width={112}
          height={112}
          className="mx-auto size-28 shrink-0 rounded-lg border border-line md:mx-0"
        />
        <div className="min-w-0 flex-1">
          <h2 id="your-site-title" className="font-display text-xl">
            {t('site.title')}
          </h2>
          <p className="mt-1 break-all font-mono text-sm text-ink" data-testid="site-address">
            {address}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-secondary min-h-10 px-3 text-sm"
              onClick={() => void copy('site', address)}
            >
              {copied?.what === 'site' && copied.ok ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {t('site.copy')}
            </button>
            <a
              href={paths.site.wedding(wedding.slug)}
              target="_blank"
              rel="noopener"
              className="btn btn-secondary min-h-10 px-3 text-sm"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('site.open')}
              <span className="sr-only"> {t('site.newTab')}</span>
            </a>
            <button
              type="button"
              className="btn btn-secondary min-h-10 px-3 text-sm"
              onClick={downloadPng}
            >
              <Download aria-hidden="true" className="size-4" />
              {t('site.qrPng')}
            </button>
            <button
              type="button"
              className="btn btn-secondary min-h-10 px-3 text-sm"
              onClick={() => downloadFile(qrFileName(wedding.slug, 'svg'), svg, 'image/svg+xml')}
            >
              <Download aria-hidden="true" className="size-4" />
              {t('site.qrSvg')}
            </button>
          </div>
          <p role="status" className="mt-1 min-h-5 text-sm text-muted">
            {copyStatus('site')}
          </p>
        </div>
      </div>
      {chatLink && (
        <div className="mt-3 border-t border-line pt-3" data-testid="chat-link">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
            {t('site.chatTitle')}
          </h3>
          <p className="mt-1 text-sm text-muted">{t('site.chatHint')}</p>
          <p className="mt-1 break-all font-mono text-sm text-ink">{chatLink}</p>
          <button
            type="button"
            className="btn btn-secondary mt-2 min-h-10 px-3 text-sm"
            onClick={() => void copy('chat', chatLink)}
          >
            {copied?.what === 'chat' && copied.ok ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {t('site.chatCopy')}
          </button>
          <p role="status" className="mt-1 min-h-5 text-sm text-muted">
            {copyStatus('chat')}
          </p>
        </div>
      )}
      {!usesSupabase && (
        <div className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p>
              {t('site.embedded')}{' '}
              <Link to={paths.manage.data} className="font-semibold underline">
                {t('site.embeddedHow')}
              </Link>
            </p>
            <p className="mt-1" data-testid="previews-need-supabase">
              {t('site.previewsNeedSupabase')}
            </p>
          </div>
        </div>
      )}
    </section>
  )
}
