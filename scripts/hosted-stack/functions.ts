// Edge Functions: each folder of supabase/functions run in real Deno (the npm registry's `deno`
// package), one process per function, reached at /functions/v1/<name>[/…] as on Supabase
// (https://supabase.com/docs/guides/functions, "Invoking functions"; the function sees the path
// from /<name>). A function with verify_jwt = true in supabase/config.toml needs a valid JWT in
// Authorization (the anon key is one), as Supabase's relay checks; OPTIONS always passes through.

import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { sendJson } from './http'
import type { Keys } from './keys'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface FunctionsOptions {
  keys: Keys
  names: string[]
  env: Record<string, string>
  /** Deno's cache (npm: imports are downloaded once into it). */
  denoDir: string
  log?: (line: string) => void
}

/** Which functions verify the caller's JWT, from supabase/config.toml ([functions.<name>] verify_jwt). */
export function verifyJwtSettings(): Record<string, boolean> {
  const toml = readFileSync(join(ROOT, 'supabase/config.toml'), 'utf8')
  const settings: Record<string, boolean> = {}
  for (const match of toml.matchAll(/\[functions\.([a-z0-9-]+)\]([^[]*)/g)) {
    settings[match[1]!] = !/verify_jwt\s*=\s*false/.test(match[2]!)
  }
  return settings
}

/**
 * The deno binary of the npm package (its platform package's executable, found by the package's
 * own install code, so it works whether or not npm ran the package's postinstall script).
 */
export function denoBinary(): string {
  const require = createRequire(import.meta.url)
  return (require('deno/install_api.cjs') as { runInstall(): string }).runInstall()
}

interface Running {
  name: string
  port: number
  process: ChildProcess
}

async function startOne(
  name: string,
  options: FunctionsOptions,
  spawned: ChildProcess[],
): Promise<Running> {
  const entry = pathToFileURL(join(ROOT, 'supabase/functions', name, 'index.ts')).href
  const child = spawn(
    denoBinary(),
    [
      'run',
      '--quiet',
      `--config=${join(ROOT, 'supabase/functions', name, 'deno.json')}`,
      '--allow-net',
      '--allow-env',
      `--allow-read=${ROOT}`,
      '--no-prompt',
      // npm: imports from the project's own node_modules (the same versions), nothing downloaded.
      '--node-modules-dir=manual',
      join(ROOT, 'scripts/hosted-stack/deno-serve.ts'),
      entry,
    ],
    {
      cwd: join(ROOT, 'supabase/functions', name),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DENO_DIR: options.denoDir,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
        ...options.env,
        KASALAN_FUNCTION_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  spawned.push(child)
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(
      () => reject(new Error(`Edge Function ${name} did not start in 60 s:\n${output}`)),
      60_000,
    )
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      output += text
      const match = /listening (\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      } else options.log?.(`[${name}] ${text.trimEnd()}`)
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      options.log?.(`[${name}] ${chunk.toString().trimEnd()}`)
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Edge Function ${name} exited (${code}):\n${output}`))
    })
  })
  // After start, keep reading its output so the pipe never fills.
  child
    .stdout!.removeAllListeners('data')
    .on('data', (chunk: Buffer) => options.log?.(`[${name}] ${chunk.toString().trimEnd()}`))
  child.removeAllListeners('exit')
  return { name, port, process: child }
}

export async function startFunctions(options: FunctionsOptions) {
  const verify = verifyJwtSettings()
  const running = new Map<string, Running>()
  const spawned: ChildProcess[] = []
  const starts = options.names.map((name) => startOne(name, options, spawned))
  try {
    for (const started of await Promise.all(starts)) running.set(started.name, started)
  } catch (error) {
    // Every process started, also those still starting when another failed.
    for (const child of spawned) child.kill()
    await Promise.allSettled(starts)
    throw error
  }

  async function handle(request: IncomingMessage, response: ServerResponse, path: string) {
    const name = /^\/([a-z0-9-]+)/.exec(path)?.[1]
    const target = name ? running.get(name) : undefined
    if (!name || !target)
      return sendJson(request, response, 404, {
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      })
    if (request.method !== 'OPTIONS' && verify[name] !== false) {
      const token = /^bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1]
      if (!token)
        return sendJson(request, response, 401, {
          code: 401,
          message: 'Missing authorization header',
        })
      if (!(await options.keys.verify(token)).ok)
        return sendJson(request, response, 401, { code: 401, message: 'Invalid JWT' })
    }
    const query = new URL(request.url ?? '/', 'http://stack').search
    await new Promise<void>((resolve) => {
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: target.port,
          method: request.method,
          path: `${path}${query}`,
          headers: { ...request.headers, host: `127.0.0.1:${target.port}` },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
          answer.on('end', resolve)
        },
      )
      upstream.on('error', (error) => {
        sendJson(request, response, 502, {
          code: 'BOOT_ERROR',
          message: `Function failed to answer: ${error.message}`,
        })
        resolve()
      })
      request.pipe(upstream)
    })
  }

  return {
    handle,
    ports: Object.fromEntries([...running].map(([name, one]) => [name, one.port])),
    stop() {
      for (const one of running.values()) one.process.kill()
    },
  }
}
