import { Clock, ExternalLink, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n/react'
import { safeLink, type ImageValue } from '@/lib/site-content'
import { addressLine, mapSearchUrl } from '../model/sections'
import { SiteImage } from './site-image'

interface Place {
  name?: string
  description?: string
  eta?: string
  image?: ImageValue
  address?: {
    street?: string
    city?: string
    state?: string
    country?: string
    zip?: string
    map?: string
    url?: string
    direction?: string
  }
}

/** A hotel or a place to visit: name, picture, how far, address, directions and links. */
export function PlaceCard({
  place,
  websiteLabel,
  children,
}: {
  place: Place
  websiteLabel: string
  children?: ReactNode
}) {
  const { t } = useTranslation('site')
  const address = addressLine(place.address)
  const map = safeLink(place.address?.map) ?? (address ? mapSearchUrl([place.name, address]) : null)
  const website = safeLink(place.address?.url)
  return (
    <article className="site-card overflow-hidden p-0">
      <SiteImage
        image={place.image}
        alt=""
        width={425}
        height={239}
        loading="lazy"
        className="aspect-video w-full object-cover"
      />
      <div className="p-6">
        {place.name && <h3 className="site-subheading">{place.name}</h3>}
        {place.eta && (
          <p className="site-eyebrow mt-2 flex items-center gap-1.5 normal-case tracking-[0.04em]">
            <Clock aria-hidden="true" className="size-3.5" />
            {place.eta}
          </p>
        )}
        {place.description && <p className="site-prose mt-3">{place.description}</p>}
        {address && (
          <p className="mt-4 flex items-start gap-2 text-[0.95rem]">
            <MapPin aria-hidden="true" className="site-ornament mt-1 size-4 shrink-0" />
            <span>{address}</span>
          </p>
        )}
        {place.address?.direction && (
          <p className="site-muted mt-2 text-sm">{place.address.direction}</p>
        )}
        {children}
        {(map || website) && (
          <div className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {map && (
              <a
                href={map}
                target="_blank"
                rel="noopener noreferrer"
                className="site-link inline-flex items-center gap-1.5"
              >
                <MapPin aria-hidden="true" className="size-4" />
                {t('place.map')}
                <span className="sr-only">
                  {' '}
                  {place.name} ({t('opensInNewTab')})
                </span>
              </a>
            )}
            {website && (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="site-link inline-flex items-center gap-1.5"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                {websiteLabel}
                <span className="sr-only">
                  {' '}
                  {place.name} ({t('opensInNewTab')})
                </span>
              </a>
            )}
          </div>
        )}
      </div>
    </article>
  )
}
