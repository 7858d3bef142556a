// Small helpers shared by the hosted stack's endpoints: reading a request's body, answering JSON,
// and the CORS headers Supabase's API gateway adds to every answer.

import type { IncomingMessage, ServerResponse } from 'node:http'

/** Bodies larger than this are refused (Storage's bucket limit is 2 MB; JSON calls are small). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024

export class BodyTooLarge extends Error {}

export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > limit) throw new BodyTooLarge(`body over ${limit} bytes`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * The CORS headers of Supabase's gateway: any origin, the request's own headers allowed, and the
 * headers supabase-js reads exposed.
 */
export function corsHeaders(request: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': request.headers.origin ?? '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers':
      'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit, X-Supabase-Api-Version',
    Vary: 'Origin',
  }
}

/** The answer to a CORS preflight (OPTIONS): the method and headers asked for, allowed. */
export function preflight(request: IncomingMessage, response: ServerResponse) {
  response.writeHead(200, {
    ...corsHeaders(request),
    'Access-Control-Allow-Methods': 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      request.headers['access-control-request-headers'] ??
      'authorization, x-client-info, apikey, content-type',
    'Access-Control-Max-Age': '3600',
    'Content-Length': '0',
  })
  response.end()
}

export function sendJson(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  response.writeHead(status, {
    ...corsHeaders(request),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  })
  response.end(text)
}

export function sendEmpty(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { ...corsHeaders(request), ...headers })
  response.end()
}

/** The bearer token of an `Authorization` header, or null. */
export function bearer(request: IncomingMessage): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^bearer\s+(\S+)$/i.exec(header.trim())
  return match ? match[1]! : null
}

/** A header's one value (the first when repeated), or undefined. */
export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}
