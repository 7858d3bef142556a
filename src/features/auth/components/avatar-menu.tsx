import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { DatabaseBackup, LogOut } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { mayOpen } from '@/lib/access'
import { waitingInStorage } from '@/lib/door-storage'
import { coupleInitials } from '@/lib/names'
import { paths } from '@/lib/paths'
import { capitalizeName, coupleDisplayName, useMyWedding, useSessionStore } from '@/lib/session'

/** The e-mail's first letter, when there are no names yet. */
function initials(name: string) {
  const letters = name
    .split(/[\s&@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toLocaleUpperCase())
  return letters.join('') || '?'
}

/**
 * The signed-in couple's names and e-mail, and Log out. Being in every management header, it also
 * makes sure the couple's wedding is loaded (and created, if sign-up could not).
 */
export function AvatarMenu() {
  const { t } = useTranslation('app')
  const navigate = useNavigate()
  const user = useSessionStore((state) => state.user)
  const signOut = useSessionStore((state) => state.signOut)
  const { wedding } = useMyWedding()
  if (!user) return null
  // The couple (its owner and partner) are the wedding's names; a coordinator, a family helper or an usher
  // is themselves, by the name they gave at sign-up, else their e-mail.
  const helper =
    wedding?.myRole === 'coordinator' ||
    wedding?.myRole === 'family_helper' ||
    wedding?.myRole === 'usher'
  const ownName =
    typeof user.userMetadata.name === 'string' ? capitalizeName(user.userMetadata.name) : ''
  const names = helper ? ownName : coupleDisplayName(user.userMetadata, wedding)
  const shown =
    (!helper && wedding && coupleInitials(wedding.bride, wedding.groom)) ||
    initials(names || user.email)

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white hover:bg-brand-700"
        // Named by what it shows first (WCAG 2.5.3), so "IM" said aloud opens it.
        aria-label={t('account.menu', { initials: shown })}
      >
        <span aria-hidden="true">{shown}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-white p-2 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            {names && <span className="block font-semibold break-words text-ink">{names}</span>}
            <span className="block text-sm break-all text-muted">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {wedding && mayOpen(wedding.myRole, paths.manage.data) && (
            <DropdownMenu.Item asChild>
              <Link
                to={paths.manage.data}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink no-underline outline-none data-[highlighted]:bg-brand-50"
              >
                <DatabaseBackup aria-hidden="true" className="size-4" />
                {t('account.data')}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50"
            onSelect={async (event) => {
              // Check-ins made offline at the door and not yet sent are lost with the sign-out: ask first.
              const waiting = waitingInStorage()
              if (waiting > 0 && !window.confirm(t('account.logOutWaiting', { count: waiting }))) {
                event.preventDefault()
                return
              }
              try {
                await signOut()
              } finally {
                navigate(paths.auth.login, { replace: true, state: { signedOut: true } })
              }
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {t('account.logOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
