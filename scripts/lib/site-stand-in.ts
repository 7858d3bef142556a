/**
 * A stand-in for hosted Supabase, for measuring the public site as production serves it: a
 * node:http server that serves a Supabase-mode build, and another, on its own origin, that answers
 * PostgREST's `rpc/get_site` (CORS preflight included) with what the real function returns for the
 * seeded wedding (computed here, from the same migrations and seed, in PGlite). Chromium reaches
 * the build's Supabase host through `--host-resolver-rules`, so both can listen on any free port.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { bootstrap, callRpc } from '../../src/lib/backend/local/engine'
import { readSqlSources } from './seed-data-dir'
import { SUPABASE_HOST, supabaseHostRule } from './supabase-mode'

export { buildSupabaseMode, SUPABASE_HOST } from './supabase-mode'
export const DEMO_SLUG = 'isabel-and-miguel'

/** What `kasalan.get_site` answers an anonymous visitor for each slug, from the real migrations and seed. */
export async function seededSites(slugs: string[]): Promise<Map<string, unknown>> {
  const db = await PGlite.create({ extensions: { pgcrypto, unaccent, pg_trgm } })
  await bootstrap(db, readSqlSources())
  const sites = new Map<string, unknown>()
  for (const slug of slugs) sites.set(slug, await callRpc(db, null, 'get_site', { p_slug: slug }))
  await db.close()
  return sites
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.wasm': 'application/wasm',
}

/**
 * The CORS headers hosted Supabase's API gateway sends: any origin, the methods PostgREST takes,
 * and, to a preflight, the request headers the browser asked for.
 */
function cors(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': '*' }
  if (request.method !== 'OPTIONS') return headers
  return {
    ...headers,
    'Access-Control-Allow-Methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
    'Access-Control-Allow-Headers': String(request.headers['access-control-request-headers'] ?? ''),
    'Access-Control-Max-Age': '3600',
    Vary: 'Origin, Access-Control-Request-Headers',
  }
}

/**
 * A copy of a seeded site under another slug whose hero is a photo at `src` (an ordinary address,
 * as a couple's photo from elsewhere), `width`×`height`.
 */
export function withHeroPhoto(
  site: unknown,
  slug: string,
  image: { src: string; width: number; height: number; alt: string },
) {
  const copy = structuredClone(site) as {
    slug: string
    sections: Array<{ type: string; header?: object; data?: { header?: object } }>
  }
  const home = copy.sections.find((section) => section.type === 'home')
  if (!home) throw new Error('the seeded site has no home section')
  copy.slug = slug
  home.header = { ...home.header, image }
  home.data = { ...home.data, header: { ...home.data?.header, image } }
  return copy
}

/**
 * Two servers, as production has them: the site's host, which serves `outDir` as a static host
 * would (unknown paths get index.html) and `files` by path; and, on another port (so another
 * origin, with the CORS preflight every data call needs), the Supabase stand-in, which answers
 * `POST /rest/v1/rpc/get_site` with the stored answer. Both listen on free ports; Chromium reaches
 * the Supabase host through `chromiumArgs`. `requests` lists what the Supabase stand-in was asked.
 */
export async function startStandIn(
  outDir: string,
  sites: Map<string, unknown>,
  files = new Map<string, Buffer>(),
) {
  const requests: string[] = []
  const api: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    requests.push(`${request.method} ${url.pathname}`)
    if (request.method === 'OPTIONS')
      return void response.writeHead(200, { ...cors(request), 'Content-Length': '0' }).end()
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || url.pathname !== '/rest/v1/rpc/get_site') {
        return void response
          .writeHead(404, { ...cors(request), 'Content-Type': 'application/json' })
          .end('{"message":"not found"}')
      }
      const slug = (JSON.parse(body || '{}') as { p_slug?: string }).p_slug ?? ''
      const json = JSON.stringify(sites.get(slug) ?? null)
      // Compressed, as the gateway compresses a JSON answer of this size.
      const compress = /gzip/.test(String(request.headers['accept-encoding']))
      response
        .writeHead(200, {
          ...cors(request),
          'Content-Type': 'application/json; charset=utf-8',
          ...(compress ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
        })
        .end(compress ? gzipSync(json) : json)
    })
  })
  const site: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const extra = files.get(url.pathname)
    if (extra) {
      const type = types[extname(url.pathname)] ?? 'application/octet-stream'
      return void response
        .writeHead(200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000' })
        .end(extra)
    }
    const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '')
    let file = join(outDir, path)
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(outDir, 'index.html')
    const immutable = file.includes(`${outDir}/assets/`)
    const type = types[extname(file)] ?? 'application/octet-stream'
    // Compressed as any static host compresses text, so Lighthouse sees the bytes a phone would.
    const compress =
      /text|javascript|json|svg/.test(type) &&
      /gzip/.test(String(request.headers['accept-encoding']))
    response
      .writeHead(200, {
        'Content-Type': type,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(compress ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      })
      .end(compress ? gzipSync(readFileSync(file), { level: 9 }) : readFileSync(file))
  })
  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as AddressInfo).port
  }
  const port = await listen(site)
  const apiPort = await listen(api)
  const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    /** The Supabase stand-in's own origin, as the build names it. */
    apiOrigin: `http://${SUPABASE_HOST}`,
    requests,
    /** Chromium flags that send the Supabase host to the stand-in's own server. */
    chromiumArgs: [supabaseHostRule(apiPort)],
    close: async () => void (await Promise.all([close(site), close(api)])),
  }
}

export const chromiumPath =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
