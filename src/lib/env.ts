import * as z from 'zod/mini'

/** The app's settings, read from the build environment in this one module and checked. */
const envSchema = z.object({
  VITE_SUPABASE_URL: z.optional(z.string().check(z.regex(/^https?:\/\/\S+$/))),
  VITE_SUPABASE_ANON_KEY: z.optional(z.string().check(z.minLength(1))),
  VITE_DEFAULT_SITE_SLUG: z.optional(z.string()),
})

function blankToUndefined(value: string | undefined) {
  return value && value.trim() !== '' ? value.trim() : undefined
}

function readEnv() {
  const raw = {
    VITE_SUPABASE_URL: blankToUndefined(import.meta.env.VITE_SUPABASE_URL),
    VITE_SUPABASE_ANON_KEY: blankToUndefined(import.meta.env.VITE_SUPABASE_ANON_KEY),
    VITE_DEFAULT_SITE_SLUG: blankToUndefined(import.meta.env.VITE_DEFAULT_SITE_SLUG),
  }
  const parsed = envSchema.safeParse(raw)
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')
    throw new Error(`Invalid environment variable(s): ${names}. See .env.example.`)
  }
  const { VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: anonKey } = parsed.data
  if (Boolean(url) !== Boolean(anonKey)) {
    const missing = url ? 'VITE_SUPABASE_ANON_KEY' : 'VITE_SUPABASE_URL'
    throw new Error(
      `${missing} is missing: set both Supabase variables, or neither to use the embedded database.`,
    )
  }
  return {
    supabase: url && anonKey ? { url, anonKey } : null,
    defaultSiteSlug: parsed.data.VITE_DEFAULT_SITE_SLUG ?? 'isabel-and-miguel',
  }
}

export const env = readEnv()

/**
 * Decided at build time (Vite inlines the variable), so the bundler drops the adapter not in use:
 * a Supabase build never ships PGlite, a local build never ships supabase-js.
 */
export const usesSupabase = Boolean(import.meta.env.VITE_SUPABASE_URL)
