// Whether the page came from an auth link, known without the session's code: the public site
// loads that code only for a visitor who has a session or is bringing one.

/**
 * True when the page was opened from an auth link (e-mail confirmation, password reset, Google or
 * Apple): the tokens are in the URL, not yet in storage, so the auth client must load to read them.
 */
export function isAuthCallback(location: Pick<Location, 'hash' | 'search'>) {
  return (
    /(^#|&)(access_token|error_description)=/.test(location.hash) ||
    /[?&](code|token_hash|error_description)=/.test(location.search)
  )
}
