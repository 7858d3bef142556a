/**
 * The one way Kasalan shows a person's name: capitalised, from the name as it was typed (names are
 * stored exactly as typed). Every screen, print and message that shows a name goes through this
 * module: the public site and its name search, the RSVP pages, the e-mail, the guest list, the
 * invitations and their printed sheet, the seating chart, the RSVPs tab and the avatar. Only the guest
 * list's CSV export keeps names as typed, so a file read back in changes nothing.
 *
 * - A name with any capital letter is kept as typed: the person chose its case ("McArthur",
 *   "DeLeon", "dela Cruz", "JR").
 * - A name typed all in lower case gets a capital at the start of each word and after a hyphen
 *   ("maria clara" → "Maria Clara", "ma. clara" → "Ma. Clara", "sto. domingo" → "Sto. Domingo",
 *   "santos-reyes" → "Santos-Reyes"), except surname particles, which Filipinos write in lower
 *   case ("dela cruz" → "dela Cruz", "de los santos" → "de los Santos"), and a generation, which
 *   is written in capitals ("juan miguel ii" → "Juan Miguel II").
 */

// One string, split: this module is also inlined into the HTML's first screen, where bytes count.
const particles = new Set(
  'de del dela della delas delos la las los y van von der da di du'.split(' '),
)

const capitalise = (word: string) =>
  word.replace(
    /(^|-)(\p{L})/gu,
    (_match, before: string, letter: string) => before + letter.toLocaleUpperCase('fil'),
  )

/** One name (a first name or a last name) as it is shown. */
export function displayName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim().replace(/\s+/g, ' ')
  if (!trimmed || /\p{Lu}/u.test(trimmed)) return trimmed
  const words = trimmed.split(' ')
  // A name that is nothing but particles ("Del" as a nickname) is a name, not a particle.
  const allParticles = words.every((word) => particles.has(word))
  return words
    .map((word) =>
      // "ii", "iii", "iv": a generation ("Juan Miguel II"), written in capitals.
      /^(i{2,3}|iv)$/.test(word)
        ? word.toUpperCase()
        : !allParticles && particles.has(word)
          ? word
          : capitalise(word),
    )
    .join(' ')
}

/**
 * True when a name holds at least one letter, in any script ("Ana", "ᜀᜈ", "美玲", "Ana 🌸"): emoji,
 * digits or punctuation alone name no one. The database holds the same rule (0032).
 */
export function hasLetter(name: string | null | undefined): boolean {
  return /\p{L}/u.test(name ?? '')
}

interface NameParts {
  firstName?: string | null
  lastName?: string | null
}

/** "Maria Clara dela Cruz": a person's first and last name, shown. */
export function displayFullName(person: NameParts | null | undefined): string {
  return [displayName(person?.firstName), displayName(person?.lastName)].filter(Boolean).join(' ')
}

/**
 * "Dr. Antonio dela Cruz Jr.": a guest's whole name as the guest list shows it, with the title and
 * suffix the couple typed (each shown by the same rule, so "dr." reads "Dr." and "III" stays).
 */
export function displayPersonName(
  person: (NameParts & { title?: string | null; suffix?: string | null }) | null | undefined,
): string {
  return [person?.title, person?.firstName, person?.lastName, person?.suffix]
    .map((part) => displayName(part))
    .filter(Boolean)
    .join(' ')
}

/** "Maria & Juan": the couple's first names, shown, joined by `and` (default "&"). */
export function displayCouple(
  bride: NameParts | null | undefined,
  groom: NameParts | null | undefined,
  and = '&',
): string {
  return [displayName(bride?.firstName), displayName(groom?.firstName)]
    .filter(Boolean)
    .join(` ${and} `)
}

/** "M&J": the couple's initials (bride's, then groom's); "" when neither has a name. */
export function coupleInitials(
  bride: NameParts | null | undefined,
  groom: NameParts | null | undefined,
): string {
  return [bride?.firstName, groom?.firstName]
    .map((name) => displayName(name).charAt(0).toLocaleUpperCase('fil'))
    .filter(Boolean)
    .join('&')
}

/**
 * True when a title is only the couple's first names (any case or spacing), as sign-up saves the
 * home page's title: such a title follows the names, shown by the rule above, rather than being a
 * title of the couple's own. A blank title counts too. `couples` are the names to compare with
 * (the wedding's, and the home page's copy from sign-up).
 */
export function isCoupleTitle(
  title: string | null | undefined,
  ...couples: Array<[NameParts | null | undefined, NameParts | null | undefined]>
) {
  const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fil')
  const own = key(title ?? '')
  return !own || couples.some(([bride, groom]) => key(displayCouple(bride, groom)) === own)
}

/** Lower case without accents, so "pena" finds and sorts with "Peña": how names are compared. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim()
}
