import { normalizeText } from './text'
import type { RelationshipSide, RelationshipType } from './types'

/**
 * How a household's relationship reads in a CSV (the export's Relation column): the spec's filter
 * labels where they exist ("groom's Family", "bride's Family", "Common Friends", "Friends", ...),
 * and the same pattern for the other pairs. Always English, like the CSV's column names, so a
 * file reads the same whoever exports it and imports back.
 */
const typeLabels: Record<RelationshipType, string> = {
  family: 'Family',
  friend: 'Friends',
  familyFriend: 'Family Friends',
  others: 'Others',
}
const sidePrefix: Record<RelationshipSide, string> = {
  bride: "bride's ",
  groom: "groom's ",
  both: 'Common ',
}
const sideOnly: Record<RelationshipSide, string> = {
  bride: "bride's side",
  groom: "groom's side",
  both: 'both sides',
}

export function relationLabel(
  side: RelationshipSide | null,
  type: RelationshipType | null,
): string {
  if (!type) return side ? sideOnly[side] : ''
  if (type === 'others') return side ? `Others, ${sideOnly[side]}` : 'Others'
  return side ? `${sidePrefix[side]}${typeLabels[type]}` : typeLabels[type]
}

export interface ParsedRelation {
  /** undefined: the text names no side. */
  side?: RelationshipSide
  type?: RelationshipType
}

// English and Filipino words a couple might write in a spreadsheet.
const bothWords = /\b(both|common|mutual|pareho|parehas|pareho nila|magkasama)\b/
const brideWords = /\b(bride|brides|bride s|babae|nobya|bride side)\b/
const groomWords = /\b(groom|grooms|groom s|lalaki|nobyo|groom side)\b/
const familyFriendWords = /\b(family friends?|friends? of the family|kaibigan ng pamilya)\b/
const familyWords = /\b(family|families|fam|pamilya|kamag anak|kaanak|relatives?|kin|relatibo)\b/
const friendWords = /\b(friends?|kaibigan|barkada|classmates?|kaklase|bff)\b/
const otherWords =
  /\b(others?|iba|iba pa|work|office|officemates?|colleagues?|katrabaho|co workers?|coworkers?|neighbou?rs?|kapitbahay|sponsors?|ninong|ninang)\b/

/** The side and type a piece of text names: "groom's Family", "Kaibigan ng nobya", "Common Friends". */
export function parseRelation(text: string | null | undefined): ParsedRelation {
  const value = normalizeText(text)
  if (!value) return {}
  const result: ParsedRelation = {}
  const bride = brideWords.test(value)
  const groom = groomWords.test(value)
  if (bothWords.test(value) || (bride && groom)) result.side = 'both'
  else if (bride) result.side = 'bride'
  else if (groom) result.side = 'groom'

  if (familyFriendWords.test(value)) result.type = 'familyFriend'
  else if (familyWords.test(value)) result.type = 'family'
  else if (friendWords.test(value)) result.type = 'friend'
  else if (otherWords.test(value)) result.type = 'others'
  return result
}
