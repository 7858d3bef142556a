import type { InvitationHousehold } from '@/lib/api/invitations'
import { toCsv } from '@/lib/csv'
import { displayFullName } from '@/lib/names'
import { householdNames, invitationLink, printedCode } from '@/lib/invitations/message'

/**
 * The households' codes and links for a mail merge or a printer: one row per household. Column
 * names are English, like the guest list's export, so a file reads the same whoever made it.
 */
export function invitationsCsv(households: ReadonlyArray<InvitationHousehold>, origin: string) {
  return toCsv([
    ['Household', 'Greeting', 'Code', 'Link', 'Email', 'Phone', 'Status'],
    ...households.map((household) => [
      household.persons.map((person) => displayFullName(person)).join(', '),
      householdNames(household.persons, 'fil'),
      printedCode(household.code),
      invitationLink(origin, household.token),
      household.email,
      household.phone,
      household.state,
    ]),
  ])
}
