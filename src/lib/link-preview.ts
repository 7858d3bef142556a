/**
 * Links meant for chats (the site's address and each household's `/i/<token>`) and the link-preview
 * function. The site is a static page the chat apps' crawlers cannot read, so on hosted Supabase
 * those links start at the function (supabase/functions/link-preview), which shows a crawler the
 * couple's names, date, place and photo and sends a person on to the same address on the site.
 * Kept out of src/lib/env.ts, which the public site loads: only management shares links.
 */

/**
 * The links' start, read from the build's settings: on Supabase, VITE_LINK_PREVIEW_URL when set to
 * an address (the site's own, when its host sends crawlers to the function), none when `off`, else
 * `<VITE_SUPABASE_URL>/functions/v1/link-preview`; on the embedded database, none.
 */
export function linkPreviewBase(settings: {
  supabaseUrl?: string | undefined
  previewUrl?: string | undefined
}): string | null {
  const supabaseUrl = settings.supabaseUrl?.trim().replace(/\/+$/, '')
  const previewUrl = settings.previewUrl?.trim().replace(/\/+$/, '')
  if (!supabaseUrl || previewUrl === 'off') return null
  if (previewUrl) {
    if (!/^https?:\/\/[^\s?#]+$/.test(previewUrl)) {
      throw new Error('Invalid environment variable(s): VITE_LINK_PREVIEW_URL. See .env.example.')
    }
    return previewUrl
  }
  return `${supabaseUrl}/functions/v1/link-preview`
}

/** This build's start of chat links, or null when link previews are not available. */
export const linkPreviewUrl = linkPreviewBase({
  supabaseUrl: import.meta.env.VITE_SUPABASE_URL,
  previewUrl: import.meta.env.VITE_LINK_PREVIEW_URL,
})

/** The origin for links pasted into chats: the link-preview function's, else the site's own. */
export function chatLinkOrigin(siteOrigin: string = window.location.origin): string {
  return linkPreviewUrl ?? siteOrigin
}
