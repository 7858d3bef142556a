// Storage: the object endpoints of Supabase Storage that Kasalan uses, following the Storage API's
// own description (https://supabase.github.io/storage/, the OpenAPI of github.com/supabase/storage,
// and https://supabase.com/docs/guides/storage/debugging/error-codes):
//   POST/PUT /object/{bucket}/{path} (upload; raw body or multipart form; x-upsert),
//   POST /object/sign/{bucket}/{path} and POST /object/sign/{bucket} (signed addresses),
//   GET /object/sign/{bucket}/{path}?token= (download by signed address),
//   GET /object/authenticated/{bucket}/{path}, GET /object/public/{bucket}/{path},
//   DELETE /object/{bucket} ({prefixes}) and DELETE /object/{bucket}/{path},
//   POST /object/list/{bucket}.
// Every read and write of an object row runs in PostgreSQL as the caller (their JWT's role and
// claims, as Storage does), so the project's storage.objects policies decide; a bucket's size and
// type limits are checked here, as Storage checks them. Bytes are kept in a folder on disk.

import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type pg from 'pg'
import type { JWTPayload } from 'jose'
import { BodyTooLarge, corsHeaders, readBody, sendJson } from './http'
import type { Keys } from './keys'

export interface StorageOptions {
  /** Connections as `authenticator`, which takes the caller's role per transaction. */
  pool: pg.Pool
  /** Connections as `supabase_storage_admin`, for buckets and signed downloads. */
  adminPool: pg.Pool
  keys: Keys
  dir: string
}

interface Bucket {
  id: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }
}

/** Storage's key rule: 1 to 1024 characters, no control characters or backslash. */
const validName = (name: string) =>
  name.length >= 1 && name.length <= 1024 && ![...name].some((c) => c < ' ' || c === '\\')

export function createStorage(options: StorageOptions) {
  const { pool, adminPool, keys } = options
  mkdirSync(options.dir, { recursive: true })
  const fileOf = (bucket: string, name: string) =>
    join(options.dir, encodeURIComponent(bucket), ...name.split('/').map(encodeURIComponent))

  async function bucketOf(id: string): Promise<Bucket> {
    const { rows } = await adminPool.query<Bucket>(
      'select id, public, file_size_limit::int, allowed_mime_types from storage.buckets where id = $1',
      [id],
    )
    if (!rows[0]) throw new StorageError(404, 'Bucket not found', 'Bucket not found')
    return rows[0]
  }

  /** Runs `fn` in a transaction as the caller, as Storage does: their role and claims set locally. */
  async function asCaller<T>(
    claims: JWTPayload,
    fn: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query(
        `select pg_catalog.set_config('role', $1, true), pg_catalog.set_config('request.jwt.claims', $2, true)`,
        [typeof claims.role === 'string' ? claims.role : 'anon', JSON.stringify(claims)],
      )
      const value = await fn(client)
      await client.query('commit')
      return value
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      const code = (error as { code?: string }).code
      if (code === '42501')
        throw new StorageError(403, 'Unauthorized', 'new row violates row-level security policy')
      if (code === '23505') throw new StorageError(409, 'Duplicate', 'The resource already exists')
      throw error
    } finally {
      client.release()
    }
  }

  async function callerClaims(request: IncomingMessage): Promise<JWTPayload> {
    const header = request.headers.authorization
    const token = header ? /^bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined
    const apikey = request.headers.apikey
    const jwt = token ?? (typeof apikey === 'string' ? apikey : undefined)
    if (!jwt)
      throw new StorageError(400, 'Error', "headers must have required property 'authorization'")
    const verified = await keys.verify(jwt)
    if (!verified.ok)
      throw new StorageError(
        400,
        verified.reason === 'expired' ? 'InvalidJWT' : 'Unauthorized',
        verified.reason === 'expired' ? '"exp" claim timestamp check failed' : 'invalid signature',
      )
    return verified.claims
  }

  const visible = (client: pg.PoolClient, bucket: string, name: string) =>
    client.query<{ name: string; metadata: { mimetype?: string; cacheControl?: string } | null }>(
      'select name, metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    )

  async function upload(request: IncomingMessage, bucketId: string, name: string, upsert: boolean) {
    const bucket = await bucketOf(bucketId)
    const claims = await callerClaims(request)
    let bytes: Buffer
    let contentType = request.headers['content-type'] ?? 'application/octet-stream'
    let cacheControl = request.headers['cache-control'] ?? 'no-cache'
    try {
      bytes = await readBody(
        request,
        Math.max(bucket.file_size_limit ?? 50 * 1024 * 1024, 1) + 64 * 1024,
      )
    } catch (error) {
      if (error instanceof BodyTooLarge)
        throw new StorageError(
          413,
          'Payload too large',
          'The object exceeded the maximum allowed size',
        )
      throw error
    }
    if (contentType.startsWith('multipart/form-data')) {
      // storage-js sends a form: the file under the empty name, and cacheControl.
      const form = await new Request('http://stack/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(bytes),
      }).formData()
      const file = [...form.values()].find((value): value is File => typeof value !== 'string')
      if (!file) throw new StorageError(400, 'Error', 'No file in the form')
      bytes = Buffer.from(await file.arrayBuffer())
      contentType = file.type || 'application/octet-stream'
      const cache = form.get('cacheControl')
      if (typeof cache === 'string') cacheControl = `max-age=${cache}`
    }
    if (bucket.file_size_limit !== null && bytes.length > bucket.file_size_limit) {
      throw new StorageError(
        413,
        'Payload too large',
        'The object exceeded the maximum allowed size',
      )
    }
    const mimetype = contentType.split(';')[0]!.trim()
    if (bucket.allowed_mime_types && !bucket.allowed_mime_types.includes(mimetype)) {
      throw new StorageError(415, 'invalid_mime_type', `mime type ${mimetype} is not supported`)
    }
    const metadata = {
      mimetype,
      size: bytes.length,
      cacheControl,
      eTag: `"${randomUUID()}"`,
      lastModified: new Date().toISOString(),
    }
    const id = randomUUID()
    const file = fileOf(bucketId, name)
    await asCaller(claims, async (client) => {
      const owner = typeof claims.sub === 'string' ? claims.sub : null
      // No RETURNING: Storage's insert needs only the insert (and, to replace, update) policies.
      await client.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3, $4::uuid, $4, $5)
         ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()' : ''}`,
        [id, bucketId, name, owner, JSON.stringify(metadata)],
      )
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, bytes)
    })
    return { Id: id, Key: `${bucketId}/${name}` }
  }

  async function sign(claims: JWTPayload, bucketId: string, names: string[], expiresIn: number) {
    await bucketOf(bucketId)
    const readable = await asCaller(claims, async (client) => {
      const { rows } = await client.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucketId, names],
      )
      return new Set(rows.map((row) => row.name))
    })
    return Promise.all(
      names.map(async (name) => {
        if (!readable.has(name))
          return {
            error: 'Either the object does not exist or you do not have access to it',
            path: name,
            signedURL: null,
          }
        const token = await keys.sign(
          { url: `${bucketId}/${name}` },
          Math.max(1, Math.floor(expiresIn)),
        )
        const path = name.split('/').map(encodeURIComponent).join('/')
        return {
          error: null,
          path: name,
          signedURL: `/object/sign/${bucketId}/${path}?token=${token}`,
        }
      }),
    )
  }

  function sendObject(
    request: IncomingMessage,
    response: ServerResponse,
    bucketId: string,
    name: string,
    metadata: { mimetype?: string; cacheControl?: string } | null,
  ) {
    const file = fileOf(bucketId, name)
    if (!existsSync(file)) throw new StorageError(404, 'not_found', 'Object not found')
    const bytes = readFileSync(file)
    response.writeHead(200, {
      ...corsHeaders(request),
      'Content-Type': metadata?.mimetype ?? 'application/octet-stream',
      'Cache-Control': metadata?.cacheControl ?? 'no-cache',
      'Content-Length': String(bytes.length),
    })
    response.end(request.method === 'HEAD' ? undefined : bytes)
  }

  async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    const text = (await readBody(request, 1024 * 1024)).toString('utf8')
    try {
      const value = text.trim() ? JSON.parse(text) : {}
      if (value && typeof value === 'object' && !Array.isArray(value)) return value
    } catch {
      // below
    }
    throw new StorageError(400, 'Error', 'Body is not valid JSON')
  }

  return async function handleStorage(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
  ) {
    const url = new URL(request.url ?? '/', 'http://stack')
    const method = request.method ?? 'GET'
    try {
      const parts = path
        .split('/')
        .filter(Boolean)
        .map((part) => decodeURIComponent(part))
      if (parts[0] !== 'object') throw new StorageError(404, 'not_found', 'Route not found')

      if (parts[1] === 'sign' && parts.length >= 3) {
        const bucketId = parts[2]!
        const name = parts.slice(3).join('/')
        if (method === 'GET' && name) {
          const token = url.searchParams.get('token') ?? ''
          const verified = await keys.verify(token)
          if (!verified.ok)
            throw new StorageError(
              400,
              verified.reason === 'expired' ? 'InvalidJWT' : 'InvalidSignature',
              verified.reason === 'expired' ? 'jwt expired' : 'The signature is invalid',
            )
          if (verified.claims.url !== `${bucketId}/${name}`)
            throw new StorageError(400, 'InvalidSignature', 'The url do not match the signature')
          const { rows } = await adminPool.query<{
            metadata: { mimetype?: string; cacheControl?: string } | null
          }>('select metadata from storage.objects where bucket_id = $1 and name = $2', [
            bucketId,
            name,
          ])
          if (!rows[0]) throw new StorageError(404, 'not_found', 'Object not found')
          return sendObject(request, response, bucketId, name, rows[0].metadata)
        }
        if (method === 'POST') {
          const claims = await callerClaims(request)
          const body = await readJson(request)
          const expiresIn = Number(body.expiresIn)
          if (!Number.isFinite(expiresIn) || expiresIn < 1)
            throw new StorageError(400, 'Error', "body must have required property 'expiresIn'")
          if (name) {
            const [signed] = await sign(claims, bucketId, [name], expiresIn)
            if (!signed?.signedURL) throw new StorageError(404, 'not_found', 'Object not found')
            return sendJson(request, response, 200, { signedURL: signed.signedURL })
          }
          if (!Array.isArray(body.paths) || !body.paths.every((p) => typeof p === 'string')) {
            throw new StorageError(400, 'Error', "body must have required property 'paths'")
          }
          return sendJson(
            request,
            response,
            200,
            await sign(claims, bucketId, body.paths as string[], expiresIn),
          )
        }
      }

      if (
        (parts[1] === 'authenticated' || parts[1] === 'public') &&
        parts.length >= 4 &&
        (method === 'GET' || method === 'HEAD')
      ) {
        const bucketId = parts[2]!
        const name = parts.slice(3).join('/')
        const bucket = await bucketOf(bucketId)
        if (parts[1] === 'public') {
          if (!bucket.public) throw new StorageError(400, 'Bucket not found', 'Bucket not found')
          const { rows } = await adminPool.query(
            'select metadata from storage.objects where bucket_id = $1 and name = $2',
            [bucketId, name],
          )
          if (!rows[0]) throw new StorageError(404, 'not_found', 'Object not found')
          return sendObject(request, response, bucketId, name, rows[0].metadata)
        }
        const claims = await callerClaims(request)
        const { rows } = await asCaller(claims, (client) => visible(client, bucketId, name))
        if (!rows[0]) throw new StorageError(404, 'not_found', 'Object not found')
        return sendObject(request, response, bucketId, name, rows[0].metadata)
      }

      if (parts[1] === 'list' && parts.length === 3 && method === 'POST') {
        const bucketId = parts[2]!
        await bucketOf(bucketId)
        const claims = await callerClaims(request)
        const body = await readJson(request)
        const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+|\/+$/g, '') : ''
        const limit = Math.min(Math.max(Number(body.limit) || 100, 1), 1000)
        const offset = Math.max(Number(body.offset) || 0, 0)
        const { rows } = await asCaller(claims, (client) =>
          client.query<{
            name: string
            id: string
            created_at: Date
            updated_at: Date
            last_accessed_at: Date
            metadata: unknown
          }>(
            `select name, id, created_at, updated_at, last_accessed_at, metadata from storage.objects
              where bucket_id = $1 and ($2 = '' or name like $2 || '/%') order by name`,
            [bucketId, prefix],
          ),
        )
        // One level below the prefix: files, and each folder once (id null), as Storage lists.
        const seen = new Set<string>()
        const items: unknown[] = []
        for (const row of rows) {
          const rest = prefix ? row.name.slice(prefix.length + 1) : row.name
          const [head, ...tail] = rest.split('/')
          if (tail.length > 0) {
            if (!seen.has(head!))
              items.push({
                name: head,
                id: null,
                updated_at: null,
                created_at: null,
                last_accessed_at: null,
                metadata: null,
              })
            seen.add(head!)
          } else items.push({ ...row, name: head })
        }
        return sendJson(request, response, 200, items.slice(offset, offset + limit))
      }

      if (parts.length >= 2 && !['sign', 'authenticated', 'public', 'list'].includes(parts[1]!)) {
        const bucketId = parts[1]!
        const name = parts.slice(2).join('/')
        if ((method === 'POST' || method === 'PUT') && name) {
          if (!validName(name)) throw new StorageError(400, 'InvalidKey', `Invalid key: ${name}`)
          const upsert = method === 'PUT' || request.headers['x-upsert'] === 'true'
          return sendJson(request, response, 200, await upload(request, bucketId, name, upsert))
        }
        if (method === 'DELETE') {
          await bucketOf(bucketId)
          const claims = await callerClaims(request)
          const names = name ? [name] : ((await readJson(request)).prefixes as unknown)
          if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
            throw new StorageError(400, 'Error', "body must have required property 'prefixes'")
          }
          // The delete policy decides which rows go; rows the caller may not delete stay, unreported.
          const deleted = await asCaller(claims, async (client) => {
            const { rows } = await client.query<{
              name: string
              id: string
              metadata: unknown
              bucket_id: string
            }>(
              'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning name, id, metadata, bucket_id',
              [bucketId, names],
            )
            return rows
          })
          for (const row of deleted) rmSync(fileOf(bucketId, row.name), { force: true })
          if (name) {
            if (deleted.length === 0) throw new StorageError(404, 'not_found', 'Object not found')
            return sendJson(request, response, 200, { message: 'Successfully deleted' })
          }
          return sendJson(request, response, 200, deleted)
        }
        if ((method === 'GET' || method === 'HEAD') && name) {
          // GET /object/{bucket}/{path}: the authenticated download.
          await bucketOf(bucketId)
          const claims = await callerClaims(request)
          const { rows } = await asCaller(claims, (client) => visible(client, bucketId, name))
          if (!rows[0]) throw new StorageError(404, 'not_found', 'Object not found')
          return sendObject(request, response, bucketId, name, rows[0].metadata)
        }
      }
      throw new StorageError(404, 'not_found', 'Route not found')
    } catch (error) {
      if (error instanceof StorageError) {
        return sendJson(request, response, error.status, {
          statusCode: String(error.status),
          error: error.error,
          message: error.message,
        })
      }
      throw error
    }
  }
}
