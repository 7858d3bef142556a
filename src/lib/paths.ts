/** Every route of the app, in one table, with helpers that build links. */
export const paths = {
  home: '/',
  notFound: '/404',
  /** The public site drawn from unsaved changes, inside the builder's and editor's preview frame. */
  sitePreview: '/preview',
  welcome: '/welcome',
  terms: '/terms',
  privacy: '/privacy',
  auth: {
    login: '/auth/login',
    register: '/auth/register',
    reset: '/auth/reset',
    updatePassword: '/auth/update-password',
  },
  manage: {
    root: '/manage',
    guests: '/manage/guests',
    seating: '/manage/seating',
    rsvps: '/manage/rsvps',
    website: '/manage/website',
    emailPreviewRsvp: '/manage/email-preview/rsvp',
    invitations: '/manage/invitations',
    invitationsPrint: '/manage/invitations/print',
    /** The Website tab's Content half. Its address keeps the word it had, so links already saved still open. */
    content: '/manage/cms',
    contentEditor: '/manage/cms/editor',
    data: '/manage/data',
    members: '/manage/members',
    activity: '/manage/activity',
    plan: '/manage/plan',
    planBudget: '/manage/plan/budget',
    planSuppliers: '/manage/plan/suppliers',
    planGifts: '/manage/plan/gifts',
    rsvpsForecast: '/manage/rsvps/forecast',
    print: '/manage/print',
    checkin: '/manage/checkin',
    checkinAfter: '/manage/checkin/after',
    rsvpsEvents: '/manage/rsvps/events',
  },
  /** A household's personal invitation link: `/i/<token>` on any site address. */
  invitation: (token: string) => `/i/${encodeURIComponent(token)}`,
  /** A member invitation link's accept page. */
  join: (token: string) => `/join/${encodeURIComponent(token)}`,
  site: {
    wedding: (slug: string) => `/wedding/${encodeURIComponent(slug)}`,
    section: (slug: string, section: string) =>
      `/wedding/${encodeURIComponent(slug)}/${encodeURIComponent(section)}`,
    rsvp: (slug: string | null, householdId: string, personId: string) =>
      slug
        ? `/wedding/${encodeURIComponent(slug)}/rsvp/${householdId}/${personId}`
        : `/rsvp/${householdId}/${personId}/`,
    rsvpThankYou: (slug: string | null, householdId: string, personId: string) =>
      slug
        ? `/wedding/${encodeURIComponent(slug)}/rsvp/${householdId}/${personId}/thank-you`
        : `/rsvp/${householdId}/${personId}/thank-you`,
  },
} as const
