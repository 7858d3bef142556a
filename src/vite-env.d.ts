/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string
  readonly VITE_SUPABASE_ANON_KEY?: string
  readonly VITE_DEFAULT_SITE_SLUG?: string
  readonly VITE_LINK_PREVIEW_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

declare module 'virtual:kasalan-seed-data-dir' {
  /** The URL of the embedded database's prebuilt first state, or null outside a build. */
  const url: string | null
  export default url
}
