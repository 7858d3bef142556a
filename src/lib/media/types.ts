/**
 * Where a wedding's uploaded photos live: Supabase Storage in production, the embedded database in
 * local mode. Objects are named `<wedding id>/<file>`; section content refers to them as
 * `media:<wedding id>/<file>` (see src/lib/site-content/images.ts).
 */
export interface MediaPort {
  /** Stores one file under the wedding's folder; returns its path. */
  upload(weddingId: string, file: { name: string; blob: Blob }): Promise<string>
  /** Addresses the browser can load, by path; a path the caller may not read is left out. */
  urls(paths: readonly string[]): Promise<Record<string, string>>
  /** Deletes files of the wedding (a path outside its folder is ignored). */
  remove(weddingId: string, paths: readonly string[]): Promise<void>
}

/** The bucket (Storage) that holds the site's photos; the embedded database mirrors its rules. */
export const mediaBucket = 'site-media'

/** The largest file accepted, after the browser's resize (the bucket and SQL say the same). */
export const maxStoredBytes = 2 * 1024 * 1024
