/**
 * Signed addresses that index.html's first screen already asked Storage for (the hero's uploaded
 * photo, src/features/site/boot-hero.ts), by storage path: the app uses the same addresses, so the
 * browser loads the photo once. Empty when there are none, or the request failed.
 */
export function earlyMediaUrls(): Promise<Record<string, string>> {
  const early = (window as { __kasalanEarlyMedia?: Promise<Record<string, string>> })
    .__kasalanEarlyMedia
  return early ? early.catch(() => ({})) : Promise.resolve({})
}
