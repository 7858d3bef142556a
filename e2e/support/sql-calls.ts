import type { Page } from '@playwright/test'

/**
 * Calls one of the database's functions (`kasalan.<name>`) on the embedded database the page has
 * open, as the app does (src/lib/backend/local/engine.ts): the caller's JWT claims in the
 * transaction and `set local role`, so the function's own checks and row-level security apply.
 * `userId` null calls as a visitor (anon). The page must have started the app (its database
 * answers on the tab link, see src/lib/backend/local/tab-link-protocol.ts). For setting up what a
 * test needs without going through another team's screens; returns the function's JSON answer, or
 * throws with the database's error (e.g. `invalid_input`).
 */
export async function callAs<T = unknown>(
  page: Page,
  userId: string | null,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  const answer = await page.evaluate(
    async ({ userId, name, args }) => {
      const literal = (value: string) => `'${value.replace(/'/g, "''")}'`
      const value = (item: unknown) =>
        item === null || item === undefined
          ? 'null'
          : literal(typeof item === 'object' ? JSON.stringify(item) : String(item))
      const claims = userId ? { sub: userId, role: 'authenticated' } : { role: 'anon' }
      const sql = [
        `select set_config('request.jwt.claims', ${literal(JSON.stringify(claims))}, true)`,
        `set local role ${userId ? 'authenticated' : 'anon'}`,
        `select kasalan.${name}(${Object.entries(args)
          .map(([arg, item]) => `${arg} => ${value(item)}`)
          .join(', ')})::text as result`,
      ].join(';\n')
      // A simple-query message of the PostgreSQL protocol: 'Q', its length, the text, a zero byte.
      const bytes = new TextEncoder().encode(sql)
      const message = new Uint8Array(bytes.length + 6)
      message[0] = 0x51
      new DataView(message.buffer).setInt32(1, bytes.length + 5)
      message.set(bytes, 5)

      const dataDir = localStorage.getItem('kasalan.db.dataDir') ?? 'idb://kasalan'
      const tab = `test-${crypto.randomUUID()}`
      const id = crypto.randomUUID()
      const channel = new BroadcastChannel(`kasalan-db:${dataDir}`)
      const replies = new BroadcastChannel(`kasalan-db:${dataDir}:tab:${tab}`)
      try {
        // Whichever worker leads the database says so when asked (it may still be starting).
        const led = await new Promise<boolean>((resolve) => {
          const ask = setInterval(() => channel.postMessage({ type: 'hello' }), 500)
          const timer = setTimeout(() => {
            clearInterval(ask)
            resolve(false)
          }, 90_000)
          channel.onmessage = (event: MessageEvent) => {
            if ((event.data as { type: string }).type !== 'leader') return
            clearTimeout(timer)
            clearInterval(ask)
            resolve(true)
          }
          channel.postMessage({ type: 'hello' })
        })
        if (!led) return { error: 'the embedded database did not start' }
        return await new Promise<{ result: string | null } | { error: string }>((resolve) => {
          const timer = setTimeout(() => resolve({ error: `no answer to ${name}` }), 60_000)
          replies.onmessage = (event: MessageEvent) => {
            const data = event.data as {
              type: string
              id: string
              error?: { message: string }
              messages?: { name: string; fields?: unknown[] }[]
            }
            if (data.type !== 'answer' || data.id !== id) return
            clearTimeout(timer)
            if (data.error) return resolve({ error: data.error.message })
            const rows = (data.messages ?? []).filter((item) => item.name === 'dataRow')
            const field = rows.at(-1)?.fields?.[0]
            resolve({
              result:
                typeof field === 'string'
                  ? field
                  : field == null
                    ? null
                    : new TextDecoder().decode(field as Uint8Array),
            })
          }
          channel.postMessage({ type: 'call', id, tab, kind: 'exec', message })
        })
      } finally {
        channel.close()
        replies.close()
      }
    },
    { userId, name, args },
  )
  if ('error' in answer) throw new Error(answer.error)
  if (answer.result === null) return null as T
  // A function that answers JSON answers it parsed; one that answers a scalar (an id), as text.
  try {
    return JSON.parse(answer.result) as T
  } catch {
    return answer.result as T
  }
}
