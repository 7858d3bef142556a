import {
  ArrowRight,
  CalendarHeart,
  ClipboardList,
  DoorOpen,
  Globe,
  LayoutGrid,
  ListChecks,
  Send,
  ShieldCheck,
  Users,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useMatches } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import { can, mayOpen, mayOpenIn, screenNeeds, type ManageScreen } from '@/lib/access'
import type { Wedding } from '@/lib/api'
import { listMembers } from '@/lib/api/members'
import { displayCouple } from '@/lib/names'
import { paths } from '@/lib/paths'
import { useMyWedding } from '@/lib/session'
import { useLoad } from '@/lib/use-load'

/** What a management route carries: its screen's address, the key of the access table. */
export interface ManageHandle {
  screen: ManageScreen
}

/** The management screen of the route shown, if it is one. */
function useManageScreen(): ManageScreen | null {
  const matches = useMatches()
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]!.handle as Partial<ManageHandle> | undefined
    if (handle?.screen) return handle.screen
  }
  return null
}

/**
 * Every management screen passes through here: a member whose role may not use the screen (typed
 * address, bookmark, another member's link) gets a short page saying what they can do and whom to
 * ask, never the screen's controls. Decided by the same table as the tabs (`@/lib/access`).
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const screen = useManageScreen()
  const { wedding, status } = useMyWedding()
  if (!screen) return children
  if (!wedding) return status === 'error' ? children : <PageSpinner />
  if (mayOpenIn(wedding, screen)) return children
  // An usher only checks guests in: any other address (the first screen, a bookmark) opens the door.
  if (wedding.myRole === 'usher') return <Navigate to={paths.manage.checkin} replace />
  return <NotForYourRole wedding={wedding} screen={screen} />
}

// The screens a member may be pointed to instead, in the tabs' order, with what each is for.
const screens = [
  { to: paths.manage.guests, key: 'guests', Icon: Users },
  { to: paths.manage.seating, key: 'seating', Icon: LayoutGrid },
  { to: paths.manage.rsvps, key: 'rsvps', Icon: ListChecks },
  { to: paths.manage.invitations, key: 'invitations', Icon: Send },
  { to: paths.manage.plan, key: 'plan', Icon: ClipboardList },
  { to: paths.manage.website, key: 'website', Icon: Globe },
  { to: paths.manage.members, key: 'members', Icon: ShieldCheck },
  { to: paths.manage.checkin, key: 'checkin', Icon: DoorOpen },
] as const

/** The owner and partner, by name ("Isabel or Miguel"), once read; the couple's names until then. */
function usePeopleToAsk(wedding: Wedding, language: string) {
  const couple = displayCouple(wedding.bride, wedding.groom)
  const { data: list, error } = useLoad(() => listMembers(wedding.id), [wedding.id])
  const names = (error == null ? list : undefined)?.members
    .filter((member) => member.role === 'owner' || member.role === 'partner')
    .map((member) => member.displayName || member.email || '')
    .filter(Boolean)
  if (!names || names.length === 0) return couple
  return new Intl.ListFormat(language === 'fil' ? 'fil' : 'en', { type: 'disjunction' }).format(
    names,
  )
}

/** "Not for your role": the role, what it can do here, and whom to ask for the rest. */
export function NotForYourRole({ wedding, screen }: { wedding: Wedding; screen: ManageScreen }) {
  const { t, i18n } = useTranslation('app')
  const role = wedding.myRole ?? 'owner'
  const side = role === 'family_helper' ? wedding.mySide : null
  const ask = usePeopleToAsk(wedding, i18n.language)
  // Who keeps this screen: the couple alone, or the couple and their coordinator.
  const keptBy = can('coordinator', screenNeeds[screen]) ? 'coordinator' : 'couple'
  // The money is the couple's, but theirs to show their coordinator: say where they allow it.
  const why = screenNeeds[screen] === 'money' && role === 'coordinator' ? 'money' : keptBy
  const open = screens.filter((item) => mayOpen(role, item.to))

  return (
    <section
      aria-labelledby="role-gate-title"
      className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-16"
    >
      <div className="overflow-hidden rounded-3xl border border-line bg-white shadow-sm">
        <div className="bg-brand-50 px-5 pb-6 pt-8 text-center sm:px-10">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-brand-100">
            <CalendarHeart aria-hidden="true" className="size-6" />
          </span>
          <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted">
            {t('roleGate.you')}
          </p>
          <p className="mt-1.5 flex flex-wrap justify-center gap-1.5 text-sm font-semibold text-brand-700">
            <span className="rounded-full bg-white px-3 py-1 ring-1 ring-brand-100">
              {t(`roleGate.roles.${role}`)}
            </span>
            {side && (
              <span className="rounded-full bg-white px-3 py-1 ring-1 ring-brand-100">
                {t(`roleGate.sides.${side}`)}
              </span>
            )}
          </p>
          <h1 id="role-gate-title" className="mt-4 font-display text-3xl text-ink sm:text-4xl">
            {t(`roleGate.title.${keptBy}`)}
          </h1>
          <p className="mx-auto mt-3 max-w-md text-muted">{t(`roleGate.why.${why}`)}</p>
        </div>

        <div className="px-5 py-6 sm:px-10">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">
            {t('roleGate.canHeading')}
          </h2>
          <ul className="mt-3 space-y-2">
            {open.map(({ to, key, Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="group flex items-start gap-3 rounded-2xl border border-line px-4 py-3 text-ink no-underline hover:border-brand-200 hover:bg-brand-50"
                >
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{t(`nav.${key}`)}</span>
                    <span className="block text-sm text-muted">
                      {t(
                        key === 'guests'
                          ? `roleGate.does.guests.${side ?? 'all'}`
                          : `roleGate.does.${key}`,
                      )}
                    </span>
                  </span>
                  <ArrowRight
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-muted group-hover:text-brand-700"
                  />
                </Link>
              </li>
            ))}
          </ul>

          <div className="mt-6 rounded-2xl bg-canvas px-4 py-4 text-sm text-ink">
            <p className="font-semibold">{t('roleGate.askHeading')}</p>
            <p className="mt-1 text-muted">{t('roleGate.ask', { names: ask })}</p>
          </div>
        </div>
      </div>
    </section>
  )
}
