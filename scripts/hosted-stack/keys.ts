// The project's JWT secret and the keys signed with it, as Supabase issues them: HS256 JWTs whose
// `role` claim is the database role a request runs as (https://supabase.com/docs/guides/api/api-keys,
// "legacy API keys"). Signed and verified with `jose`.

import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose'

/** The Supabase CLI's default local secret: nothing here is secret, the stack is loopback only. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

export interface Keys {
  secret: Uint8Array
  anonKey: string
  serviceRoleKey: string
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>
  /** The verified claims, or why not: 'expired' or 'invalid' (with the library's message). */
  verify(
    token: string,
  ): Promise<
    { ok: true; claims: JWTPayload } | { ok: false; reason: 'expired' | 'invalid'; message: string }
  >
}

export async function createKeys(jwtSecret = DEFAULT_JWT_SECRET): Promise<Keys> {
  const secret = new TextEncoder().encode(jwtSecret)
  const sign = (claims: JWTPayload, expiresInSeconds: number) => {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ iat: now, exp: now + expiresInSeconds, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret)
  }
  // The keys are the same on every start (fixed iat and exp, as the Supabase CLI's), so an app built
  // for the stack keeps working when the stack starts again.
  const fixed = (role: string) =>
    new SignJWT({ iss: 'supabase-demo', role, iat: 1_700_000_000, exp: 2_000_000_000 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret)
  return {
    secret,
    anonKey: await fixed('anon'),
    serviceRoleKey: await fixed('service_role'),
    sign,
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
        return { ok: true, claims: payload }
      } catch (error) {
        if (error instanceof errors.JWTExpired)
          return { ok: false, reason: 'expired', message: 'JWT expired' }
        return {
          ok: false,
          reason: 'invalid',
          message: error instanceof Error ? error.message : String(error),
        }
      }
    },
  }
}
