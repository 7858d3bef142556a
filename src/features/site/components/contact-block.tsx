import { Mail, MessageCircle, Phone } from 'lucide-react'
import { messengerLabel, messengerUrl, namesAreSeveral } from '@/lib/contact'
import { useTranslation } from '@/lib/i18n/react'
import type { Site } from '@/lib/api'
import { Ornament } from './ornament'

/** How guests reach the couple: names, e-mail, phone and Messenger, when the couple gave them. */
export function ContactBlock({ contact }: { contact: Site['wedding']['contact'] }) {
  const { t } = useTranslation('site')
  const email = contact.email?.trim()
  const phone = contact.phone?.trim()
  const messenger = messengerUrl(contact.messenger)
  const names = contact.names?.trim()
  if (!email && !phone && !messenger) return null
  return (
    <section aria-labelledby="site-contact-title" className="site-band">
      <div className="site-container">
        <div className="site-content text-center">
          <p className="site-eyebrow mb-3">{t('contact.eyebrow')}</p>
          <h2 id="site-contact-title" className="site-heading">
            {t('contact.title')}
          </h2>
          <Ornament className="mx-auto mt-4 h-4 w-28" />
          <p className="site-prose mt-6">
            {names
              ? t(namesAreSeveral(names) ? 'contact.bodyNamed' : 'contact.bodyNamedOne', { names })
              : t('contact.body')}
          </p>
          <ul className="mt-7 flex flex-col items-center gap-3">
            {email && (
              <li>
                <a
                  href={`mailto:${email}`}
                  className="site-link inline-flex items-center gap-2 break-all"
                >
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  {email}
                </a>
              </li>
            )}
            {phone && (
              <li>
                <a
                  href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                  className="site-link inline-flex items-center gap-2"
                >
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {phone}
                </a>
              </li>
            )}
            {messenger && (
              <li>
                <a
                  href={messenger}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="site-link inline-flex items-center gap-2 break-all"
                >
                  <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
                  {messengerLabel(messenger)}
                </a>
              </li>
            )}
          </ul>
        </div>
      </div>
    </section>
  )
}
