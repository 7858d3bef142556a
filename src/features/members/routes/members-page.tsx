import { Copy, Crown, History, Link2, Mail, MessageCircle, Send, UserMinus } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadFailed } from '@/components/load-failed'
import { PageSpinner } from '@/components/page-spinner'
import { can } from '@/lib/access'
import type { Wedding } from '@/lib/api'
import {
  changeMemberRole,
  createMemberInvitation,
  leaveWedding,
  listMembers,
  removeMember,
  revokeMemberInvitation,
  transferWeddingOwnership,
  type Member,
  type MemberInvitation,
} from '@/lib/api/members'
import { formatLongDate, toManila } from '@/lib/dates'
import { usesSupabase } from '@/lib/env'
import { errorMessage } from '@/lib/errors'
import { displayName } from '@/lib/names'
import { paths } from '@/lib/paths'
import { useMyWedding, useSessionStore } from '@/lib/session'
import { useLoad } from '@/lib/use-load'
import { CoordinatorMoneySetting } from '../components/coordinator-money-setting'
import { RoleSelect } from '../components/role-select'
import { daysLeft, fromRoleChoice, invitationLink, roleChoice, shareLinks } from '../members-model'

// One chunk with the members page (see src/app/router.tsx).
export { ActivityPage } from './activity-page'

type Notice = { tone: 'success' | 'error'; text: string } | null

/** /manage/members: who has access to the wedding, their roles, open invitations, and inviting. */
export function MembersPage() {
  const { t } = useTranslation('members')
  const { wedding, status, error, reload } = useMyWedding()
  if (status === 'error')
    return <LoadFailed message={errorMessage(error, t, 'members')} onRetry={() => void reload()} />
  if (!wedding) return <PageSpinner />
  return <Members wedding={wedding} />
}

function Members({ wedding }: { wedding: Wedding }) {
  const { t, i18n } = useTranslation('members')
  const navigate = useNavigate()
  const switchWedding = useSessionStore((state) => state.switchWedding)
  // After a change the list is read again in place; a failed read stays on screen until one succeeds.
  const {
    data: list,
    error: loadError,
    refresh: load,
  } = useLoad(() => listMembers(wedding.id), [wedding.id])
  const [notice, setNotice] = useState<Notice>(null)
  const [removing, setRemoving] = useState<Member | null>(null)
  const [handingOver, setHandingOver] = useState<Member | null>(null)
  const [leaving, setLeaving] = useState(false)
  const [busy, setBusy] = useState(false)
  const managesMembers = can(wedding.myRole, 'members')
  const language = i18n.language === 'fil' ? 'fil' : 'en'

  const act = async (work: () => Promise<string | void>) => {
    setBusy(true)
    try {
      const done = await work()
      if (done) setNotice({ tone: 'success', text: done })
      load()
    } catch (failure) {
      setNotice({ tone: 'error', text: errorMessage(failure, t, 'members') })
    } finally {
      setBusy(false)
    }
  }

  if (loadError)
    return <LoadFailed message={errorMessage(loadError, t, 'members')} onRetry={load} />
  if (!list) return <PageSpinner />
  const me = list.members.find((member) => member.isMe)
  // A name by the one name rule ("tita carmen" shows "Tita Carmen"), else the e-mail.
  const nameOf = (member: Member | null) => displayName(member?.displayName) || member?.email || ''

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <header>
        <h1 className="font-display text-3xl text-ink">{t('title')}</h1>
        <p className="mt-2 text-muted">{t('intro')}</p>
        <p className="mt-3">
          <Link
            to={paths.manage.activity}
            className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-2"
          >
            <History aria-hidden="true" className="size-4" />
            {t('activityLink')}
          </Link>
        </p>
      </header>

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      <section
        aria-labelledby="members-heading"
        className="rounded-2xl border border-line bg-white p-5 sm:p-6"
      >
        <h2 id="members-heading" className="font-display text-xl text-ink">
          {t('list.heading')}
        </h2>
        <ul className="mt-4 divide-y divide-line">
          {list.members.map((member) => (
            // The person takes the row's width (at least 16rem); the role and buttons go beside it
            // when there is room, else below, so the e-mail and date are never squeezed.
            <li
              key={member.userId}
              className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4"
              data-testid="member"
            >
              <div className="min-w-0 flex-[1_1_16rem]">
                <p className="font-semibold break-words text-ink">
                  {nameOf(member)}
                  {member.isMe && (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
                      {t('list.you')}
                    </span>
                  )}
                </p>
                {member.email && <p className="text-sm break-all text-muted">{member.email}</p>}
                <p className="text-sm text-muted">
                  {t('list.joined', {
                    date: formatLongDate(toManila(member.joinedAt).format('YYYY-MM-DD'), language),
                  })}
                </p>
              </div>
              {managesMembers && member.role !== 'owner' ? (
                <RoleSelect
                  label={t('list.role', { name: nameOf(member) })}
                  value={roleChoice(member.role, member.side)}
                  disabled={busy}
                  onChange={(choice) =>
                    void act(async () => {
                      const changed = await changeMemberRole(
                        wedding.id,
                        member.userId,
                        fromRoleChoice(choice),
                      )
                      return t('list.saved', {
                        name: displayName(changed.displayName),
                        role: t(`roles.${changed.role}`),
                      })
                    })
                  }
                />
              ) : (
                <p className="text-sm font-medium text-ink">
                  {t(`roles.${member.role}`)}
                  {member.side && ` · ${t(`sides.${member.side}`)}`}
                </p>
              )}
              {managesMembers && member.role !== 'owner' && !member.isMe && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={t('list.remove', { name: nameOf(member) })}
                  disabled={busy}
                  onClick={() => setRemoving(member)}
                >
                  <UserMinus aria-hidden="true" className="size-4" />
                  {t('list.removeConfirm')}
                </button>
              )}
              {/* Not to an usher, who only checks guests in: the wedding goes to someone who plans it. */}
              {me && !member.isMe && member.role !== 'usher' && can(me.role, 'delete_wedding') && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={t('handover.label', { name: nameOf(member) })}
                  disabled={busy}
                  onClick={() => setHandingOver(member)}
                >
                  <Crown aria-hidden="true" className="size-4" />
                  {t('handover.button')}
                </button>
              )}
            </li>
          ))}
        </ul>
        {me && me.role !== 'owner' && (
          <button
            type="button"
            className="btn btn-secondary mt-4"
            disabled={busy}
            onClick={() => setLeaving(true)}
          >
            {t('list.leave')}
          </button>
        )}
      </section>

      {managesMembers && (
        <>
          <CoordinatorMoneySetting wedding={wedding} />
          <InviteForm weddingId={wedding.id} onCreated={load} />
          <Pending
            invitations={list.invitations}
            busy={busy}
            onRevoke={(invitation) =>
              void act(async () => {
                await revokeMemberInvitation(wedding.id, invitation.id)
                return t('pending.revoked')
              })
            }
          />
        </>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('list.removeTitle', { name: nameOf(removing) })}
        description={t('list.removeBody', { name: nameOf(removing) })}
        confirmLabel={t('list.removeConfirm')}
        busy={busy}
        onConfirm={() => {
          const member = removing
          if (!member) return
          void act(async () => {
            await removeMember(wedding.id, member.userId)
            setRemoving(null)
            return t('list.removed', { name: nameOf(member) })
          })
        }}
      />
      <ConfirmDialog
        open={handingOver !== null}
        onOpenChange={(open) => !open && setHandingOver(null)}
        title={t('handover.title', { name: nameOf(handingOver) })}
        description={t('handover.body', { name: nameOf(handingOver) })}
        confirmLabel={t('handover.confirm')}
        busy={busy}
        onConfirm={() => {
          const member = handingOver
          if (!member) return
          void act(async () => {
            await transferWeddingOwnership(wedding.id, member.userId)
            setHandingOver(null)
            // The header's role and tabs follow the new role (partner).
            await switchWedding(wedding.id)
            return t('handover.done', { name: nameOf(member) })
          })
        }}
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={t('list.leaveTitle')}
        description={t('list.leaveBody')}
        confirmLabel={t('list.leaveConfirm')}
        busy={busy}
        onConfirm={() =>
          void act(async () => {
            await leaveWedding(wedding.id)
            setLeaving(false)
            const next = await switchWedding('')
            void navigate(next ? paths.manage.guests : paths.manage.root, { replace: true })
          })
        }
      />
    </div>
  )
}

interface InviteValues {
  choice: string
  email: string
}

// The browser checks the e-mail's form (no noValidate); the database checks the rest.
function InviteForm({ weddingId, onCreated }: { weddingId: string; onCreated(): void }) {
  const { t } = useTranslation('members')
  const [failure, setFailure] = useState<string | null>(null)
  const [created, setCreated] = useState<MemberInvitation | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { isSubmitting: busy },
  } = useForm<InviteValues>({ defaultValues: { choice: 'coordinator', email: '' } })
  const choice = useWatch({ control, name: 'choice' })

  const submit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      const invitation = await createMemberInvitation(weddingId, {
        ...fromRoleChoice(values.choice),
        email: values.email.trim() || null,
      })
      setCreated(invitation)
      setValue('email', '')
      onCreated()
    } catch (error) {
      setFailure(errorMessage(error, t, 'members'))
    }
  })

  return (
    <section
      aria-labelledby="invite-heading"
      className="rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <h2 id="invite-heading" className="font-display text-xl text-ink">
        {t('invite.heading')}
      </h2>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)}>
        <div>
          <Controller
            control={control}
            name="choice"
            render={({ field }) => (
              <RoleSelect
                label={t('invite.role')}
                value={field.value}
                onChange={field.onChange}
                visibleLabel
              />
            )}
          />
          <p className="mt-1.5 text-sm text-muted">
            {t(`roleHints.${fromRoleChoice(choice).role}`)}
          </p>
        </div>
        <div>
          <label htmlFor="invite-email" className="field-label">
            {t('invite.email')}
          </label>
          <input
            id="invite-email"
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            className="field-input"
            aria-describedby="invite-email-hint"
            {...register('email')}
          />
          <p id="invite-email-hint" className="mt-1.5 text-sm text-muted">
            {t('invite.emailHint')}
          </p>
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <Link2 aria-hidden="true" className="size-4" />
            {t(busy ? 'invite.creating' : 'invite.create')}
          </button>
        </div>
      </form>
      {failure && (
        <Alert tone="error" className="mt-4">
          {failure}
        </Alert>
      )}
      {created && <CreatedLink invitation={created} />}
      {!usesSupabase && <p className="mt-4 text-sm text-muted">{t('invite.localNote')}</p>}
    </section>
  )
}

function CreatedLink({ invitation }: { invitation: MemberInvitation }) {
  const { t } = useTranslation('members')
  const [copied, setCopied] = useState(false)
  const link = invitationLink(window.location.origin, invitation.token)
  const share = shareLinks(link, t('invite.message'), t('invite.subject'), invitation.email)
  return (
    <div className="mt-5 rounded-xl border border-brand-200 bg-brand-50 p-4">
      <p className="text-sm text-ink">{t('invite.ready')}</p>
      <label htmlFor="invite-link" className="field-label mt-3">
        {t('invite.link')}
      </label>
      <input
        id="invite-link"
        readOnly
        className="field-input font-mono text-sm"
        value={link}
        onFocus={(event) => event.target.select()}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
        >
          <Copy aria-hidden="true" className="size-4" />
          {t('invite.copy')}
        </button>
        <a className="btn btn-secondary" href={share.messenger}>
          <MessageCircle aria-hidden="true" className="size-4" />
          {t('invite.messenger')}
        </a>
        <a className="btn btn-secondary" href={share.viber}>
          <Send aria-hidden="true" className="size-4" />
          {t('invite.viber')}
        </a>
        <a className="btn btn-secondary" href={share.email}>
          <Mail aria-hidden="true" className="size-4" />
          {t('invite.emailSend')}
        </a>
      </div>
      {copied && (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          {t('invite.copied')}
        </p>
      )}
    </div>
  )
}

function Pending({
  invitations,
  busy,
  onRevoke,
}: {
  invitations: MemberInvitation[]
  busy: boolean
  onRevoke(invitation: MemberInvitation): void
}) {
  const { t } = useTranslation('members')
  const now = new Date()
  const roleName = (invitation: MemberInvitation) =>
    invitation.side
      ? `${t(`roles.${invitation.role}`)} · ${t(`sides.${invitation.side}`)}`
      : t(`roles.${invitation.role}`)
  return (
    <section
      aria-labelledby="pending-heading"
      className="rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <h2 id="pending-heading" className="font-display text-xl text-ink">
        {t('pending.heading')}
      </h2>
      {invitations.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('pending.none')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {invitations.map((invitation) => {
            const days = daysLeft(invitation.expiresAt, now)
            return (
              <li
                key={invitation.id}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-ink">{roleName(invitation)}</p>
                  <p className="text-sm text-muted">
                    {invitation.email && `${t('pending.for', { email: invitation.email })} · `}
                    {t('pending.expires', { count: days })}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={t('pending.copy', { role: roleName(invitation) })}
                    onClick={() =>
                      void navigator.clipboard?.writeText(
                        invitationLink(window.location.origin, invitation.token),
                      )
                    }
                  >
                    <Copy aria-hidden="true" className="size-4" />
                    {t('invite.copy')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={t('pending.revoke', { role: roleName(invitation) })}
                    disabled={busy}
                    onClick={() => onRevoke(invitation)}
                  >
                    {t('pending.revokeShort')}
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
