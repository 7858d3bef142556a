import * as z from 'zod/mini'
import { mediaPath } from './images'
import type { SectionType } from './section-types'
import { limits, sectionShapes, type LeafShape, type Shape } from './shapes'
import { videoEmbedForStorage } from './video-embed'

/**
 * The editor's strict schemas, built from `sectionShapes`: what a save may send, with the same
 * rules the database applies (`kasalan.section_data_problem`). Unknown keys are refused, every
 * value has its size limit, and an issue's message is a stable code the editor translates.
 */

const httpUrl = /^https?:\/\/\S+$/i

const leafSchemas: Record<Exclude<LeafShape, `enum:${string}`>, z.ZodMiniType> = {
  line: z.string().check(z.maxLength(limits.line, 'too_long')),
  text: z.string().check(z.maxLength(limits.text, 'too_long')),
  url: z.string().check(z.maxLength(limits.url, 'too_long'), z.regex(httpUrl, 'not_a_link')),
  embed: z.string().check(
    z.maxLength(limits.embed, 'too_long'),
    z.refine((value) => videoEmbedForStorage(value) !== null, 'video_embed_not_allowed'),
  ),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'not_a_date')),
  time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'not_a_time')),
  color: z.string().check(z.regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'not_a_colour')),
  image: z.union([
    z.string().check(z.maxLength(limits.url, 'too_long'), z.regex(httpUrl, 'not_a_link')),
    z.strictObject({
      src: z
        .string()
        .check(z.refine((src) => mediaPath(src) !== null || httpUrl.test(src), 'not_a_link')),
      width: z.number().check(z.int(), z.positive(), z.lte(10000)),
      height: z.number().check(z.int(), z.positive(), z.lte(10000)),
      alt: z.optional(z.string().check(z.maxLength(limits.line, 'too_long'))),
      variants: z.optional(
        z
          .array(
            z.strictObject({
              src: z
                .string()
                .check(
                  z.refine((src) => mediaPath(src) !== null || httpUrl.test(src), 'not_a_link'),
                ),
              width: z.number().check(z.int(), z.positive(), z.lte(10000)),
              height: z.number().check(z.int(), z.positive(), z.lte(10000)),
            }),
          )
          .check(z.maxLength(4, 'too_many')),
      ),
    }),
  ]),
}

function schemaFor(shape: Shape): z.ZodMiniType {
  if (typeof shape === 'string') {
    const leaf = shape.startsWith('enum:')
      ? z.enum(shape.slice('enum:'.length).split('|') as [string, ...string[]])
      : leafSchemas[shape as keyof typeof leafSchemas]
    return z.nullish(leaf)
  }
  if (Array.isArray(shape)) {
    return z.optional(
      z.array(schemaFor(shape[0] as Shape)).check(z.maxLength(limits.maxItems, 'too_many')),
    )
  }
  const entries = Object.entries(shape as Record<string, Shape>).map(([key, value]) => [
    key,
    schemaFor(value),
  ])
  return z.nullish(z.strictObject(Object.fromEntries(entries)))
}

const strictSchemas = Object.fromEntries(
  Object.entries(sectionShapes).map(([type, shape]) => [
    type,
    z.strictObject(
      Object.fromEntries(
        Object.entries(shape as Record<string, Shape>).map(([key, value]) => [
          key,
          schemaFor(value),
        ]),
      ),
    ),
  ]),
) as unknown as Record<SectionType, z.ZodMiniType<Record<string, unknown>>>

export interface DataProblem {
  /** Where: `events.2.name`. */
  path: string
  /** A stable code: too_long, too_many, not_a_link, not_a_date, not_a_time, not_a_colour,
   * video_embed_not_allowed, unknown_field, invalid. */
  code: string
}

/** The problems with a section's data for its type (none means the database will accept it). */
export function sectionDataProblems(type: SectionType, data: unknown): DataProblem[] {
  const problems: DataProblem[] = []
  if (JSON.stringify(data ?? {}).length > limits.dataChars)
    problems.push({ path: '', code: 'too_large' })
  const parsed = strictSchemas[type].safeParse(data)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const code =
        issue.code === 'unrecognized_keys'
          ? 'unknown_field'
          : /^[a-z_]+$/.test(issue.message)
            ? issue.message
            : 'invalid'
      problems.push({ path: issue.path.join('.'), code })
    }
  }
  return problems
}

/**
 * The data as it should be saved: strings trimmed (line breaks kept inside), blank values and
 * empty objects dropped, list items that are entirely blank dropped. Images keep their numbers.
 */
export function compactData(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return trimmed === '' ? undefined : trimmed
  }
  if (Array.isArray(value)) {
    return value.map(compactData).filter((item) => item !== undefined)
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).flatMap(([key, item]) => {
      const compacted = compactData(item)
      return compacted === undefined || compacted === null ? [] : [[key, compacted] as const]
    })
    // An object left with nothing but empty lists says nothing either.
    const meaningful = entries.some(([, item]) => !Array.isArray(item) || item.length > 0)
    return meaningful ? Object.fromEntries(entries) : undefined
  }
  return value ?? undefined
}
