/**
 * The app's settings, read from the build environment in this one module and checked (by hand:
 * every guest's first load runs it, and zod stays out of that).
 */

function blankToUndefined(value: string | undefined) {
  return value && value.trim() !== '' ? value.trim() : undefined
}

function readEnv() {
  const raw = {
    VITE_SUPABASE_URL: blankToUndefined(import.meta.env.VITE_SUPABASE_URL),
    VITE_SUPABASE_ANON_KEY: blankToUndefined(import.meta.env.VITE_SUPABASE_ANON_KEY),
    VITE_DEFAULT_SITE_SLUG: blankToUndefined(import.meta.env.VITE_DEFAULT_SITE_SLUG),
  }
  if (raw.VITE_SUPABASE_URL && !/^https?:\/\/\S+$/.test(raw.VITE_SUPABASE_URL))
    throw new Error('Invalid environment variable: VITE_SUPABASE_URL. See .env.example.')
  const { VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: anonKey } = raw
  if (Boolean(url) !== Boolean(anonKey)) {
    const missing = url ? 'VITE_SUPABASE_ANON_KEY' : 'VITE_SUPABASE_URL'
    throw new Error(
      `${missing} is missing: set both Supabase variables, or neither to use the embedded database.`,
    )
  }
  return {
    supabase: url && anonKey ? { url, anonKey } : null,
    defaultSiteSlug: raw.VITE_DEFAULT_SITE_SLUG ?? 'isabel-and-miguel',
  }
}

export const env = readEnv()

/**
 * Decided at build time (Vite inlines the variable), so the bundler drops the adapter not in use:
 * a Supabase build never ships PGlite, a local build never ships supabase-js.
 */
export const usesSupabase = Boolean(import.meta.env.VITE_SUPABASE_URL)
