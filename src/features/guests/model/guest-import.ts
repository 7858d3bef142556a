import { hasLetter } from '@/lib/names'
import { guestCsvColumns } from './guest-csv'
import { parseRelation } from './relation'
import { householdLimits } from './household-form'
import { blankToNull, compactText, nameKey, normalizeText } from './text'
import { defaultCountry, type HouseholdDraft, type HouseholdRecord, type PersonType } from './types'

/**
 * Importing a guest list from a spreadsheet: find the header row (even below title rows), guess
 * what each column holds, turn rows into households and list every problem before anything is
 * saved. Rows are the file's rows (string cells); row indexes are 0-based, shown to people +1.
 */

// ---------------------------------------------------------------------------------------------
// Fields and header words
// ---------------------------------------------------------------------------------------------

export const importFields = [
  'ignore',
  'fullName',
  'firstName',
  'lastName',
  'title',
  'suffix',
  'knownAs',
  'maidenName',
  'household',
  'personType',
  'email',
  'phone',
  'relation',
  'side',
  'relationType',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'notes',
  'rsvpStatus',
  'seatCap',
] as const
/** An RSVP question of the wedding, as far as an import needs it. */
export interface ImportQuestion {
  id: string
  question: string
  kind: 'text' | 'choice'
  options?: ReadonlyArray<string>
}

/** A column's field: one of the above, or the answers to one of the wedding's RSVP questions. */
export type ImportField = (typeof importFields)[number] | AnswerField
export type AnswerField = `answer:${string}`

export function answerField(questionId: string): AnswerField {
  return `answer:${questionId}`
}

function answerQuestionId(field: ImportField): string | null {
  return field.startsWith('answer:') ? field.slice('answer:'.length) : null
}

/** Whole-cell header names (normalised) for each field, English and Filipino. */
const headerWords: Array<[ImportField, RegExp]> = [
  ['firstName', /^(first|given|fore|unang) ?(name|pangalan)?s?$|^f ?name$/],
  ['lastName', /^((last|family|sur) ?name|surname|apelyido|apellido|l ?name)s?$/],
  [
    'fullName',
    /^(full ?name|names?|guests?|guest ?names?|invitees?|pangalan|buong pangalan|bisita|mga bisita|pangalan ng bisita|name of guests?)$/,
  ],
  ['title', /^(title|salutation|prefix|honorific|titulo)$/],
  ['suffix', /^(suffix|name suffix|jr sr|hulapi)$/],
  ['knownAs', /^(known as|nick ?names?|palayaw|alias|goes by|aka|a k a|preferred name)$/],
  [
    'maidenName',
    /^(maiden|maiden (name|surname)|nee|apelyido sa pagkadalaga|apelyido noong dalaga|dating apelyido)$/,
  ],
  [
    'household',
    /^(household|household (id|name|no|number|group)|group|group (id|name|no|number)|family|party|party (id|name)|invitations?|invite|invitation (group|no|number)|sambahayan|pamilya|grupo)$/,
  ],
  [
    'personType',
    /^(adult ?\/? ?child|adult or child|adult child|age group|age|adult|child|kid|kids|is child|bata|matanda o bata|guest type|person type|type of guest)$/,
  ],
  ['email', /^(e ?mail|e ?mail address|email addr|correo)$/],
  [
    'phone',
    /^(phone|phone (no|number)|contact (no|number|num|#)|contact|mobile|mobile (no|number)|cell ?phone|cell|cp|cp (no|number)|telepono|numero|tel|telephone|number|whatsapp|viber)$/,
  ],
  [
    'relation',
    /^(relation|relationship|relation to (the )?couple|relationship to (the )?couple|ugnayan|kaugnayan)$/,
  ],
  ['side', /^(side|bride ?(or|\/)? ?groom|guest of|whose guest|invited by|panig)$/],
  ['relationType', /^(relationship type|relation type|type of relationship|category|kind)$/],
  [
    'address1',
    /^(address|address ?1|address line ?1|street|street address|home address|mailing address|tirahan)$/,
  ],
  ['address2', /^(address ?2|address line ?2|barangay|brgy|subdivision)$/],
  ['city', /^(city|town|municipality|city ?\/? ?municipality|city town|lungsod|bayan)$/],
  ['state', /^(state|province|region|state ?\/? ?province|probinsya|probinsiya|lalawigan)$/],
  ['zip', /^(zip|zip ?code|postal ?code|post ?code)$/],
  ['country', /^(country|bansa)$/],
  ['notes', /^(notes?|remarks?|comments?|paalala|tala|memo|dietary|allergies)$/],
  [
    'seatCap',
    /^(seats? reserved|reserved seats?|seat cap|seats? allowed|allowed seats?|seats|nakalaang upuan|upuan)$/,
  ],
  ['rsvpStatus', /^(rsvp|rsvp status|status|attending|response|reply|rsvp reply|sagot|dadalo)$/],
]

/** Headers that are recognisably not for the guest list (so they count as a header, mapped to ignore). */
const knownIgnoredHeader = /^(table|table (no|number)|seat|no|#|count|number of guests|pax)$/

/** The field a header cell names, or null when it names none we know. */
export function fieldForHeader(cell: string): ImportField | null {
  const key = normalizeText(cell).replace(/[.@+]/g, ' ').replace(/\s+/g, ' ').trim()
  if (!key) return null
  for (const [field, pattern] of headerWords) if (pattern.test(key)) return field
  if (knownIgnoredHeader.test(key)) return 'ignore'
  return null
}

// ---------------------------------------------------------------------------------------------
// Header detection
// ---------------------------------------------------------------------------------------------

const looksLikeEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const looksLikePhone = /^[+(]?\d[\d\s().-]{5,}$/

/**
 * The index of the header row among the first rows, or null when the file has none. Each row
 * scores one point per cell that names a known column and loses one per cell that looks like data
 * (an e-mail or a phone number); title rows above the header ("Isabel & Miguel's guest list")
 * score nothing. A header needs two known columns, or one in a one-column file.
 */
export function detectHeaderRow(
  rows: ReadonlyArray<ReadonlyArray<string>>,
  lookAhead = 20,
): number | null {
  let best: number | null = null
  let bestScore = 0
  for (let index = 0; index < Math.min(rows.length, lookAhead); index += 1) {
    const cells = rows[index]!.map((cell) => cell.trim()).filter(Boolean)
    if (cells.length === 0) continue
    let score = 0
    for (const cell of cells) {
      if (looksLikeEmail.test(cell) || looksLikePhone.test(cell)) score -= 1
      else if (fieldForHeader(cell)) score += 1
    }
    const needed = cells.length === 1 ? 1 : 2
    if (score >= needed && score > bestScore) {
      best = index
      bestScore = score
    }
  }
  return best
}

// ---------------------------------------------------------------------------------------------
// Mapping
// ---------------------------------------------------------------------------------------------

function columnValues(
  rows: ReadonlyArray<ReadonlyArray<string>>,
  column: number,
  from: number,
  limit = 30,
): string[] {
  const values: string[] = []
  for (let index = from; index < rows.length && values.length < limit; index += 1) {
    const value = rows[index]![column]?.trim()
    if (value) values.push(value)
  }
  return values
}

function mostly(values: string[], test: (value: string) => boolean) {
  return values.length > 0 && values.filter(test).length / values.length >= 0.6
}

const personTypeWords =
  /^(adults?|a|child|children|c|kids?|bata|matanda|infant|baby|toddler|minor|teen)$/

/** A column's field from its values alone (files without a header, or an unknown header). */
function fieldFromValues(values: string[]): ImportField | null {
  if (mostly(values, (value) => looksLikeEmail.test(value))) return 'email'
  if (mostly(values, (value) => looksLikePhone.test(value))) return 'phone'
  if (mostly(values, (value) => personTypeWords.test(normalizeText(value)))) return 'personType'
  if (mostly(values, (value) => Boolean(parseRelation(value).side ?? parseRelation(value).type)))
    return 'relation'
  return null
}

/** Kasalan's own export, recognised by its fixed columns. */
export function isKasalanExport(header: ReadonlyArray<string>): boolean {
  const cells = header.map((cell) => cell.trim())
  return guestCsvColumns.every((column, index) => cells[index] === column)
}

/**
 * A first guess of each column's field: by its header, else by its values. Only the first
 * column of a kind is used for names; a file with "Name" and "Surname" reads "Name" as the first
 * name. A header that is one of the wedding's RSVP questions (as Kasalan's export writes them)
 * holds that question's answers.
 */
export function guessMapping(
  rows: ReadonlyArray<ReadonlyArray<string>>,
  headerRow: number | null,
  questions: ReadonlyArray<ImportQuestion> = [],
): ImportField[] {
  const width = Math.max(0, ...rows.map((row) => row.length))
  const header = headerRow === null ? [] : (rows[headerRow] ?? [])
  const dataFrom = headerRow === null ? 0 : headerRow + 1
  const mapping: ImportField[] = []
  const taken = new Set<ImportField>()

  for (let column = 0; column < width; column += 1) {
    const values = columnValues(rows, column, dataFrom)
    const question = header[column]
      ? questions.find((q) => normalizeText(q.question) === normalizeText(header[column]))
      : undefined
    let field: ImportField | null = question
      ? answerField(question.id)
      : fieldForHeader(header[column] ?? '')
    // "Type" or "Contact" alone could be several things: the values decide.
    if (field === null || field === 'personType' || field === 'phone') {
      // (An answer column is never re-guessed: its header said which question it answers.)
      const byValues = fieldFromValues(values)
      if (field === null || (byValues && byValues !== 'relation')) field = byValues ?? field
    }
    if (field === null && /^type$/.test(normalizeText(header[column]))) field = 'relationType'
    // A "Number" column of small whole numbers numbers the households.
    if (field === 'phone' && mostly(values, (value) => /^\d{1,4}$/.test(value))) field = 'household'
    // Name and household columns are used once; a second one is most likely something else.
    if (field && field !== 'ignore' && field !== 'notes' && taken.has(field)) field = 'ignore'
    mapping.push(field ?? 'ignore')
    if (field) taken.add(field)
  }

  // With no header, the first column of plain text holds the names.
  if (headerRow === null && !taken.has('fullName') && !taken.has('firstName')) {
    const nameColumn = mapping.findIndex(
      (field, column) =>
        field === 'ignore' &&
        mostly(columnValues(rows, column, dataFrom), (value) => /\p{L}/u.test(value)),
    )
    if (nameColumn >= 0) mapping[nameColumn] = taken.has('lastName') ? 'firstName' : 'fullName'
  }
  if (taken.has('fullName') && taken.has('lastName') && !taken.has('firstName')) {
    mapping[mapping.indexOf('fullName')] = 'firstName'
  }
  return mapping
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

const titleWords = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'dra',
  'atty',
  'engr',
  'arch',
  'hon',
  'rev',
  'fr',
  'sis',
  'prof',
  'gng',
  'bb',
  'capt',
  'col',
  'gen',
  'judge',
  'pastor',
  'sen',
  'gov',
  'cong',
  'mayor',
])
const suffixWords = new Set([
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'v',
  'vi',
  'md',
  'phd',
  'rn',
  'cpa',
  'esq',
])
/** Words that belong to the surname after them: "dela Cruz", "de los Santos", "San Juan". */
const surnameParticles = new Set([
  'de',
  'del',
  'dela',
  'della',
  'la',
  'las',
  'los',
  'delos',
  'san',
  'santa',
  'sta',
  'sto',
  'santo',
  'van',
  'von',
  'da',
  'di',
  'du',
  'le',
  'mac',
  'y',
])

const bare = (word: string) => word.toLowerCase().replace(/\.$/, '')

/** "Atty. Juan dela Cruz Jr." or "dela Cruz, Juan" into its parts. */
export function splitFullName(text: string): {
  title: string | null
  firstName: string
  lastName: string | null
  suffix: string | null
} {
  let value = text.replace(/\s+/g, ' ').trim()
  let suffix: string | null = null
  let lastName: string | null = null

  const commaParts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (commaParts.length >= 2) {
    const tail = commaParts[commaParts.length - 1]!
    if (suffixWords.has(bare(tail))) {
      suffix = tail
      commaParts.pop()
    }
    if (commaParts.length >= 2) {
      // "Cruz, Juan": the surname comes first.
      lastName = commaParts[0]!
      value = commaParts.slice(1).join(' ')
    } else {
      value = commaParts[0]!
    }
  }

  const words = value.split(' ').filter(Boolean)
  const titles: string[] = []
  while (words.length > 1 && titleWords.has(bare(words[0]!))) titles.push(words.shift()!)
  while (!suffix && words.length > 1 && suffixWords.has(bare(words[words.length - 1]!)))
    suffix = words.pop()!

  if (lastName === null && words.length > 1) {
    let start = words.length - 1
    while (start > 1 && surnameParticles.has(bare(words[start - 1]!))) start -= 1
    lastName = words.splice(start).join(' ')
  }
  return { title: titles.join(' ') || null, firstName: words.join(' '), lastName, suffix }
}

/** Adult or child from a cell: words in English or Filipino, yes/no in a "Child?" column, or an age. */
export function parsePersonType(value: string, columnIsChildFlag = false): PersonType | null {
  const word = normalizeText(value)
  if (!word) return 'adult'
  if (/^\d{1,3}$/.test(word)) return Number(word) < 18 ? 'child' : 'adult'
  if (/^(adults?|a|matanda|nasa hustong gulang|grown ?up|senior)$/.test(word)) return 'adult'
  if (/^(child|children|c|kids?|bata|infant|baby|toddler|minor|teen|teenager)$/.test(word))
    return 'child'
  if (columnIsChildFlag && /^(y|yes|oo|true|1|x)$/.test(word)) return 'child'
  if (columnIsChildFlag && /^(n|no|hindi|false|0)$/.test(word)) return 'adult'
  return null
}

// ---------------------------------------------------------------------------------------------
// Rows into households
// ---------------------------------------------------------------------------------------------

export type Grouping = 'column' | 'auto' | 'row'

export interface ImportOptions {
  headerRow: number | null
  mapping: ReadonlyArray<ImportField>
  grouping: Grouping
  /** The couple's corrections in 'auto' and 'row' grouping: file row index → joins the household above. */
  joins?: Readonly<Record<number, boolean>>
  /** The wedding's RSVP questions, for the answer columns. */
  questions?: ReadonlyArray<ImportQuestion>
}

export type ProblemCode =
  | 'missingFirstName'
  | 'nameNeedsLetter'
  | 'noAdult'
  | 'tooLong'
  | 'unknownSide'
  | 'unknownRelation'
  | 'unknownPersonType'
  | 'invalidEmail'
  | 'duplicateInFile'
  | 'unknownRsvpStatus'
  | 'answerNotAnOption'
  | 'invalidSeatCap'
  | 'overSeatCap'

export interface ImportProblem {
  code: ProblemCode
  severity: 'error' | 'warning'
  /** The cell or name the problem is about. */
  value?: string
  /** For a value too long: the limit, in characters. */
  max?: number
  /** For an answer: the question it answers. */
  question?: string
}

/** A person's RSVP as the file has it: only accepted or declined are kept (pending is the default). */
export interface ImportReply {
  isAttending: boolean
  response: Array<{ questionId: string; answer: string }>
}

export interface ImportPerson {
  /** The row's index in the file. */
  row: number
  firstName: string
  lastName: string | null
  title: string | null
  suffix: string | null
  knownAs: string | null
  maidenName: string | null
  type: PersonType
  reply: ImportReply | null
  problems: ImportProblem[]
}

export interface ImportHousehold {
  /** The file row index of its first person; stable while the mapping stays. */
  firstRow: number
  persons: ImportPerson[]
  draft: HouseholdDraft
  problems: ImportProblem[]
  hasErrors: boolean
  /** Names of its persons already on the guest list (filled by markDuplicates). */
  duplicates: string[]
}

export interface ImportPreview {
  households: ImportHousehold[]
  /** Rows with data (blank rows are skipped). */
  rowCount: number
  /** No column is mapped to a name: nothing can be imported yet. */
  needsNameColumn: boolean
}

const limits = householdLimits

interface RowValues {
  row: number
  cells: Partial<Record<ImportField, string>>
  notes: string[]
  /** Answer cells by question id. */
  answers: Record<string, string>
}

function readRow(
  cells: ReadonlyArray<string>,
  mapping: ReadonlyArray<ImportField>,
  row: number,
): RowValues {
  const values: RowValues = { row, cells: {}, notes: [], answers: {} }
  mapping.forEach((field, column) => {
    const value = cells[column]?.trim() ?? ''
    const questionId = answerQuestionId(field)
    if (!value || field === 'ignore') return
    if (field === 'notes') values.notes.push(value)
    else if (questionId !== null) values.answers[questionId] ??= value
    else values.cells[field] ??= value
  })
  return values
}

function contactKeys(values: RowValues): string[] {
  const keys: string[] = []
  if (values.cells.email) keys.push(`e:${values.cells.email.toLowerCase()}`)
  if (values.cells.phone)
    keys.push(`p:${values.cells.phone.replace(/\D/g, '').replace(/^(63|0)/, '')}`)
  return keys
}

function relationKey(values: RowValues): string {
  return normalizeText(
    [values.cells.relation, values.cells.side, values.cells.relationType].join(' '),
  )
}

/**
 * Whether a row, read one after another, continues the household above it: a child does (a child
 * is never a household alone) unless it names another relation; an adult with the same relation
 * and either the same contact (phone or e-mail) or, for a row with no contact, the same last name.
 * A file without a household column (an export from before it had one) groups back this way.
 */
function continuesHousehold(
  above: RowValues,
  row: RowValues,
  personType: PersonType | null,
  lastNames: [string | null, string | null],
): boolean {
  const relation = relationKey(row)
  if (personType === 'child') return relation === '' || relation === relationKey(above)
  if (relation !== relationKey(above)) return false
  const rowContacts = contactKeys(row)
  if (rowContacts.length > 0) return contactKeys(above).some((key) => rowContacts.includes(key))
  const [aboveLast, rowLast] = lastNames
  return Boolean(rowLast) && compactText(aboveLast) === compactText(rowLast)
}

const acceptedWords =
  /^(accepted|accept|accepts|yes|y|oo|opo|attending|going|coming|confirmed|dadalo|darating|pupunta|tinanggap)$/
const declinedWords =
  /^(declined|decline|declines|no|n|hindi|not attending|not going|not coming|regrets|hindi dadalo|hindi makakadalo|hindi makakarating|tinanggihan)$/
const pendingWords =
  /^(pending|no reply|no response|no answer|awaiting|waiting|wala pa|naghihintay|hindi pa sumasagot)$/
/** The database's limit on one answer (rsvp_response). */
export const answerMaxLength = 500

/** Accepted, declined or pending (null) from a status cell in English or Filipino; undefined if unknown. */
export function parseRsvpStatus(value: string): boolean | null | undefined {
  const word = normalizeText(value)
  if (!word || pendingWords.test(word)) return null
  if (acceptedWords.test(word)) return true
  if (declinedWords.test(word)) return false
  return undefined
}

/**
 * The person's reply from the status and answer columns: answers are kept only for a guest who
 * accepted (as on the RSVP form), a choice only when it is one of the question's options.
 */
function replyOf(
  values: RowValues,
  questions: ReadonlyArray<ImportQuestion>,
  problems: ImportProblem[],
): ImportReply | null {
  const status = values.cells.rsvpStatus
  if (status === undefined) return null
  const isAttending = parseRsvpStatus(status)
  if (isAttending === undefined) {
    problems.push({ code: 'unknownRsvpStatus', severity: 'warning', value: status })
    return null
  }
  if (isAttending === null) return null
  const response: ImportReply['response'] = []
  if (isAttending) {
    for (const question of questions) {
      const answer = values.answers[question.id]
      if (!answer) continue
      if (answer.length > answerMaxLength) {
        problems.push({
          code: 'tooLong',
          severity: 'error',
          value: answer.slice(0, 40) + '…',
          max: answerMaxLength,
        })
        continue
      }
      if (question.kind === 'choice') {
        const option = question.options?.find(
          (candidate) => normalizeText(candidate) === normalizeText(answer),
        )
        if (option === undefined)
          problems.push({
            code: 'answerNotAnOption',
            severity: 'warning',
            value: answer,
            question: question.question,
          })
        else response.push({ questionId: question.id, answer: option })
      } else {
        response.push({ questionId: question.id, answer })
      }
    }
  }
  return { isAttending, response }
}

function personOf(
  values: RowValues,
  childFlagColumn: boolean,
  questions: ReadonlyArray<ImportQuestion>,
): ImportPerson {
  const { cells } = values
  const problems: ImportProblem[] = []
  let firstName = cells.firstName ?? ''
  let lastName = cells.lastName ?? null
  let title = cells.title ?? null
  let suffix = cells.suffix ?? null
  if (!firstName && cells.fullName) {
    const split = splitFullName(cells.fullName)
    firstName = split.firstName
    lastName ??= split.lastName
    title ??= split.title
    suffix ??= split.suffix
  }
  if (!firstName.trim()) problems.push({ code: 'missingFirstName', severity: 'error' })
  // The form's rule and the database's (0032): a name holds a letter, not only emoji or digits.
  for (const name of [firstName, lastName]) {
    if (name?.trim() && !hasLetter(name))
      problems.push({ code: 'nameNeedsLetter', severity: 'error', value: name.trim() })
  }

  let type = parsePersonType(cells.personType ?? '', childFlagColumn)
  if (type === null) {
    problems.push({ code: 'unknownPersonType', severity: 'warning', value: cells.personType })
    type = 'adult'
  }
  const knownAs = cells.knownAs ?? null
  const maidenName = cells.maidenName ?? null
  for (const [field, value] of [
    ['firstName', firstName],
    ['lastName', lastName],
    ['title', title],
    ['suffix', suffix],
    ['knownAs', knownAs],
    ['maidenName', maidenName],
  ] as const) {
    if (value && value.length > limits[field])
      problems.push({
        code: 'tooLong',
        severity: 'error',
        value: value.slice(0, 40) + '…',
        max: limits[field],
      })
  }
  const reply = replyOf(values, questions, problems)
  return {
    row: values.row,
    firstName: firstName.trim(),
    lastName: blankToNull(lastName),
    title: blankToNull(title),
    suffix: blankToNull(suffix),
    knownAs: blankToNull(knownAs),
    maidenName: blankToNull(maidenName),
    type,
    reply,
    problems,
  }
}

function householdOf(members: Array<{ values: RowValues; person: ImportPerson }>): ImportHousehold {
  const problems: ImportProblem[] = []
  const first = (field: ImportField) =>
    members.find((member) => member.values.cells[field])?.values.cells[field] ?? null

  let side: HouseholdDraft['relationshipSide'] = null
  let type: HouseholdDraft['relationshipType'] = null
  for (const { values } of members) {
    const { relation, side: sideCell, relationType } = values.cells
    // Each of the three columns may name both parts ("Bride's family" in a Side column); it
    // is only reported when it does not name the part its column is for.
    const cells: Array<[string | undefined, ProblemCode | null]> = [
      [sideCell, 'unknownSide'],
      [relationType, 'unknownRelation'],
      [relation, null],
    ]
    cells.forEach(([cell, missingPart], index) => {
      if (!cell) return
      const parsed = parseRelation(cell)
      if (parsed.side) side ??= parsed.side
      if (parsed.type) type ??= parsed.type
      const named =
        index === 0 ? parsed.side : index === 1 ? parsed.type : (parsed.side ?? parsed.type)
      if (!named)
        problems.push({ code: missingPart ?? 'unknownRelation', severity: 'warning', value: cell })
    })
  }

  const email = first('email')
  if (email && !looksLikeEmail.test(email))
    problems.push({ code: 'invalidEmail', severity: 'warning', value: email })
  const notes = [...new Set(members.flatMap((member) => member.values.notes))].join('\n') || null
  // Seats reserved: a whole number from 1 to 100; anything else is reported and left out.
  const seatCapCell = first('seatCap')
  const seatCap =
    seatCapCell &&
    /^\d+$/.test(seatCapCell) &&
    Number(seatCapCell) >= 1 &&
    Number(seatCapCell) <= 100
      ? Number(seatCapCell)
      : null
  if (seatCapCell && seatCap === null)
    problems.push({ code: 'invalidSeatCap', severity: 'warning', value: seatCapCell })
  if (
    seatCap !== null &&
    members.filter(({ person }) => person.reply?.isAttending).length > seatCap
  ) {
    problems.push({ code: 'overSeatCap', severity: 'error', value: seatCapCell ?? '' })
  }

  const draft: HouseholdDraft = {
    email,
    phone: first('phone'),
    address: {
      address1: first('address1') ?? '',
      address2: first('address2') ?? '',
      city: first('city') ?? '',
      state: first('state') ?? '',
      zip: first('zip') ?? '',
      country: first('country') ?? defaultCountry,
    },
    relationshipSide: side,
    relationshipType: type,
    notes,
    seatCap,
    persons: members.map(({ person }) => ({
      firstName: person.firstName,
      lastName: person.lastName,
      type: person.type,
      title: person.title,
      suffix: person.suffix,
      knownAs: person.knownAs,
      maidenName: person.maidenName,
      notes: null,
      ...(person.reply ? { reply: person.reply } : {}),
    })),
  }

  for (const field of ['email', 'phone', 'notes'] as const) {
    const value = draft[field]
    if (value && value.length > limits[field])
      problems.push({
        code: 'tooLong',
        severity: 'error',
        value: value.slice(0, 40) + '…',
        max: limits[field],
      })
  }
  for (const field of ['address1', 'address2', 'city', 'state', 'zip', 'country'] as const) {
    const value = draft.address[field]
    if (value.length > limits[field])
      problems.push({
        code: 'tooLong',
        severity: 'error',
        value: value.slice(0, 40) + '…',
        max: limits[field],
      })
  }
  if (!members.some(({ person }) => person.type === 'adult'))
    problems.push({ code: 'noAdult', severity: 'error' })

  // Drop repeated warnings about the same cell.
  const unique = problems.filter(
    (problem, index) =>
      problems.findIndex(
        (other) => other.code === problem.code && other.value === problem.value,
      ) === index,
  )
  const persons = members.map(({ person }) => person)
  return {
    firstRow: persons[0]!.row,
    persons,
    draft,
    problems: unique,
    hasErrors:
      unique.some((p) => p.severity === 'error') ||
      persons.some((p) => p.problems.some((q) => q.severity === 'error')),
    duplicates: [],
  }
}

/** The file's data rows turned into households, each with its problems. */
export function buildImport(
  rows: ReadonlyArray<ReadonlyArray<string>>,
  options: ImportOptions,
): ImportPreview {
  const { headerRow, mapping, grouping, joins = {}, questions = [] } = options
  const header = headerRow === null ? [] : (rows[headerRow] ?? [])
  const childFlagColumn = mapping.some(
    (field, column) =>
      field === 'personType' &&
      /^(child|kid|kids|is child|bata)$/.test(normalizeText(header[column])),
  )
  const needsNameColumn = !mapping.includes('firstName') && !mapping.includes('fullName')

  const read: Array<{ values: RowValues; person: ImportPerson }> = []
  for (let index = headerRow === null ? 0 : headerRow + 1; index < rows.length; index += 1) {
    const values = readRow(rows[index]!, mapping, index)
    if (
      Object.keys(values.cells).length === 0 &&
      values.notes.length === 0 &&
      Object.keys(values.answers).length === 0
    )
      continue
    read.push({ values, person: personOf(values, childFlagColumn, questions) })
  }

  // A person twice in the file is most likely a copy-paste slip.
  const seen = new Set<string>()
  for (const { person } of read) {
    if (!person.firstName) continue
    const key = nameKey(person.firstName, person.lastName)
    if (seen.has(key))
      person.problems.push({
        code: 'duplicateInFile',
        severity: 'warning',
        value: [person.firstName, person.lastName].filter(Boolean).join(' '),
      })
    seen.add(key)
  }

  const groups: Array<typeof read> = []
  if (grouping === 'column' && mapping.includes('household')) {
    const byKey = new Map<string, typeof read>()
    for (const member of read) {
      const label = member.values.cells.household
      const key = label ? compactText(label) || label : `row:${member.values.row}`
      let group = byKey.get(key)
      if (!group) {
        group = []
        byKey.set(key, group)
        groups.push(group)
      }
      group.push(member)
    }
  } else {
    for (let i = 0; i < read.length; i += 1) {
      const member = read[i]!
      const above = read[i - 1]
      const override = joins[member.values.row]
      const joinsAbove =
        above !== undefined &&
        (override ??
          (grouping === 'auto' &&
            continuesHousehold(above.values, member.values, member.person.type, [
              above.person.lastName,
              member.person.lastName,
            ])))
      if (joinsAbove && groups.length > 0) groups[groups.length - 1]!.push(member)
      else groups.push([member])
    }
  }

  return { households: groups.map(householdOf), rowCount: read.length, needsNameColumn }
}

/** Marks each imported household with the names of its persons already on the guest list. */
export function markDuplicates(
  households: ReadonlyArray<ImportHousehold>,
  existing: ReadonlyArray<HouseholdRecord>,
): ImportHousehold[] {
  const known = new Set<string>()
  for (const household of existing)
    for (const person of household.persons) known.add(nameKey(person.firstName, person.lastName))
  return households.map((household) => ({
    ...household,
    duplicates: household.persons
      .filter((person) => person.firstName && known.has(nameKey(person.firstName, person.lastName)))
      .map((person) => [person.firstName, person.lastName].filter(Boolean).join(' ')),
  }))
}

/** The default grouping for a mapping: by the household column, else by reading rows in order when
 * rows are persons (an adult/child column, or Kasalan's export), else one household per row. */
export function defaultGrouping(
  mapping: ReadonlyArray<ImportField>,
  header: ReadonlyArray<string>,
): Grouping {
  if (mapping.includes('household')) return 'column'
  if (mapping.includes('personType') || isKasalanExport(header)) return 'auto'
  return 'row'
}

/** What to send: households without errors, leaving out duplicates when the couple says so. */
export function householdsToImport(
  households: ReadonlyArray<ImportHousehold>,
  skipDuplicates: boolean,
): HouseholdDraft[] {
  return households
    .filter((h) => !h.hasErrors && !(skipDuplicates && h.duplicates.length > 0))
    .map((h) => h.draft)
}

/** The template offered for download: the columns the import knows best, with an example family. */
export function importTemplateRows(): string[][] {
  return [
    [
      'Household',
      'Title',
      'First Name',
      'Last Name',
      'Suffix',
      'Adult/Child',
      'Email',
      'Phone',
      'Side',
      'Relationship',
      'Address',
      'City',
      'Province',
      'ZIP',
      'Country',
      'Notes',
    ],
    [
      '1',
      '',
      'Ramon',
      'Santos',
      '',
      'Adult',
      'ramon.santos@example.com',
      '0917 555 0101',
      'Groom',
      'Family',
      '14 Daang Mabini',
      'Quezon City',
      'Metro Manila',
      '1100',
      'Philippines',
      '',
    ],
    ['1', '', 'Lourdes', 'Santos', '', 'Adult', '', '', '', '', '', '', '', '', '', ''],
    [
      '1',
      '',
      'Paolo',
      'Santos',
      '',
      'Child',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Needs a booster seat',
    ],
    [
      '2',
      'Dr.',
      'Ana',
      'Reyes',
      '',
      'Adult',
      'ana.reyes@example.com',
      '0918 555 0102',
      'Bride',
      'Friend',
      '',
      'Baguio City',
      'Benguet',
      '2600',
      'Philippines',
      '',
    ],
    [
      '3',
      '',
      'Jose',
      'dela Cruz',
      'Jr.',
      'Adult',
      '',
      '',
      'Both',
      'Family Friend',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
  ]
}
