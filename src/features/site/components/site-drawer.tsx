import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { CSSProperties, RefObject } from 'react'
import { useLocation } from 'wouter'
import { Link } from '@/lib/routing'
import { useTranslation } from '@/lib/i18n/react'
import type { Site } from '@/lib/api'
import { paths } from '@/lib/paths'
import { coupleNames, sectionSegment, visibleSections } from '../model/sections'
import { sectionTitle } from './use-section-header'

export interface ThemeProps {
  name: string
  style: CSSProperties
}

interface Props {
  site: Site
  theme: ThemeProps
  open: boolean
  onOpenChange(open: boolean): void
  /** The menu button, which gets the focus back when the drawer closes. */
  returnFocus: RefObject<HTMLButtonElement | null>
}

/**
 * The side drawer: every visible section, each linking to its own page. Loaded on the first tap
 * of the menu button, so its dialog code is not part of the site's first load.
 */
export function SiteDrawer({ site, theme, open, onOpenChange, returnFocus }: Props) {
  const { t } = useTranslation('site')
  const [pathname] = useLocation()
  const names = coupleNames(site.wedding)
  const sections = visibleSections(site.sections)
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="site-drawer-overlay fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          id="site-drawer"
          className="site site-drawer fixed inset-y-0 left-0 z-50 flex min-h-0 w-[min(22rem,88vw)] flex-col shadow-2xl focus:outline-none"
          // Portalled out of the themed page, so it carries the theme itself.
          style={theme.style}
          data-theme={theme.name}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocus.current?.focus()
          }}
        >
          <div className="flex items-start justify-between gap-4 px-7 pb-4 pt-6">
            <div>
              <Dialog.Title className="site-names text-[2.5rem]">{names.full}</Dialog.Title>
              <Dialog.Description className="site-eyebrow mt-2">
                {t('nav.description')}
              </Dialog.Description>
            </div>
            <Dialog.Close className="site-icon-button -mr-3 shrink-0" aria-label={t('nav.close')}>
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-7 pb-8">
            <ul>
              {sections.map((section) => {
                const href = paths.site.section(site.slug, sectionSegment(section, sections))
                return (
                  <li key={section.id}>
                    <Link
                      to={href}
                      className="site-drawer-link"
                      aria-current={pathname === href ? 'page' : undefined}
                      onClick={() => onOpenChange(false)}
                    >
                      {sectionTitle(section, t)}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
