import type * as z from 'zod/mini'
import { getBackend } from '@/lib/backend'
import { refused, type Reader } from '@/lib/read-json'

/** A result that did not have the shape its schema promised: a bug, never the user's fault. */
export class ApiShapeError extends Error {
  constructor(name: string, issues: string) {
    super(`Unexpected result from ${name}: ${issues}`)
    this.name = 'ApiShapeError'
  }
}

/** Calls one SQL function and checks its result against the schema. */
export async function call<Schema extends z.ZodMiniType>(
  name: string,
  args: Record<string, unknown>,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const backend = await getBackend()
  const data = await backend.rpc(name, args)
  const parsed = schema.safeParse(data)
  if (!parsed.success) {
    throw new ApiShapeError(
      name,
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    )
  }
  return parsed.data
}

/**
 * Calls one SQL function and reads its result with a hand-written reader (`@/lib/read-json`): the
 * calls of the guest's first load, which leave zod out of it.
 */
export async function callRead<T>(
  name: string,
  args: Record<string, unknown>,
  reader: Reader<T>,
): Promise<T> {
  const backend = await getBackend()
  const read = reader(await backend.rpc(name, args))
  if (read === refused) throw new ApiShapeError(name, 'not the shape the app reads')
  return read
}
