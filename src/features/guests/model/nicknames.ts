import * as z from 'zod/mini'
import { hasLetter } from '@/lib/names'

/**
 * The couple's own nicknames for the site's name search: what a guest may type (nickname) for a
 * name on the list (name). The limits and rules are save_nicknames' (0025). Messages are i18n
 * keys of the `guests` namespace.
 */
export const nicknameLimits = { length: 50, count: 200 } as const

const word = z.string().check(
  z.trim(),
  z.minLength(1, 'nicknames.errors.required'),
  z.maxLength(nicknameLimits.length, 'form.errors.tooLong'),
  z.refine((value) => value === '' || hasLetter(value), 'form.errors.nameNeedsLetter'),
)

export const nicknameValues = z.object({
  entries: z
    .array(
      z.object({ nickname: word, name: word }).check(
        z.refine(
          (entry) => entry.nickname.trim().toLowerCase() !== entry.name.trim().toLowerCase(),
          {
            message: 'nicknames.errors.same',
            path: ['nickname'],
          },
        ),
      ),
    )
    .check(z.maxLength(nicknameLimits.count, 'nicknames.errors.tooMany')),
})

export type NicknameValues = z.infer<typeof nicknameValues>
