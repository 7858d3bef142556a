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
  verify(token: string): Promise<{ ok: true; claims: JWTPayload } | { ok: false; reason: 'expired' | 'invalid'; message: string }>
}

export async function createKeys(jwtSecret = DEFAULT_JWT_SECRET): Promise<Keys> {
  const secret = new TextEncoder().encode(jwtSecret)
  const sign = (claims: JWTPayload, expiresInSeconds: number) => {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ iat: now, exp: now + expiresInSeconds, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret)
  }
  const tenYears = 10 * 365 * 24 * 3600
  return {
    secret,
    anonKey: await sign({ iss: 'supabase-demo', role: 'anon' }, tenYears),
    serviceRoleKey: await sign({ iss: 'supabase-demo', role: 'service_role' }, tenYears),
    sign,
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
        return { ok: true, claims: payload }
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' }
        return { ok: false, reason: 'invalid', message: error instanceof Error ? error.message : String(error) }
      }
    },
  }
}
