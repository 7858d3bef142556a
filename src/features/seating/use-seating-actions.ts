import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  assignSeat,
  findTable,
  fullName,
  occupantOf,
  personsById,
  seatOfPerson,
  seatsOfTable,
  seatTogether,
  unassign,
  waitingToSeat,
  type Seat,
} from './model'
import { useSeatingStore } from './seating-store'

/**
 * Seating people, the same way from every place it can be done (a drop on the chart, a drop or a
 * choice in the table list, a tap on a seat), each announced to screen readers.
 */
export function useSeatingActions() {
  const { t } = useTranslation('seating')

  return useMemo(() => {
    const state = () => useSeatingStore.getState()
    const personById = (personId: string) => personsById(state().households).get(personId)

    /** "Table 1, seat 3" for a seat. */
    function seatLabel(seat: Seat): string {
      const { present } = state().history
      const table = findTable(present, seat.tableId)
      const number = seatsOfTable(present, seat.tableId).findIndex((s) => s.id === seat.id) + 1
      return t('seatLabel', { table: table?.name ?? '', number })
    }

    function seatPerson(personId: string, seatId: string) {
      const person = personById(personId)
      if (!person) return
      state().apply((layout) => assignSeat(layout, seatId, occupantOf(person)))
      const seat = seatOfPerson(state().history.present, personId)
      if (seat)
        state().announce(t('announce.seated', { name: fullName(person), seat: seatLabel(seat) }))
    }

    function seatHousehold(householdId: string, seatId: string) {
      const household = state().households.find((h) => h.id === householdId)
      const seat = state().history.present.seats.find((s) => s.id === seatId)
      if (!household || !seat) return
      const waiting = waitingToSeat(household, state().history.present)
      state().apply((layout) => seatTogether(layout, seatId, waiting.map(occupantOf)))
      const after = state().history.present
      const seated = waiting.filter((person) => seatOfPerson(after, person.id)).length
      const table = findTable(after, seat.tableId)?.name ?? ''
      state().announce(
        seated === waiting.length
          ? t('announce.householdSeated', { count: seated, table })
          : t('announce.householdPartly', { seated, count: waiting.length - seated, table }),
      )
    }

    function unseat(personId: string) {
      const person = personById(personId)
      state().apply((layout) => unassign(layout, personId))
      if (person) state().announce(t('announce.unseated', { name: fullName(person) }))
    }

    /**
     * A seat was chosen (clicked, tapped, or activated in the table list): it takes whoever is
     * waiting; with nobody waiting, a taken seat picks its person up to move them.
     */
    function chooseSeat(seat: Seat): 'seated' | 'picked' | 'nothing' {
      const { pick } = state()
      if (pick?.kind === 'person') {
        seatPerson(pick.personId, seat.id)
        state().setPick(null)
        return 'seated'
      }
      if (pick?.kind === 'household') {
        seatHousehold(pick.householdId, seat.id)
        state().setPick(null)
        return 'seated'
      }
      if (seat.personId) {
        state().setPick({ kind: 'person', personId: seat.personId })
        const person = personById(seat.personId)
        if (person) state().announce(t('announce.picked', { name: fullName(person) }))
        return 'picked'
      }
      return 'nothing'
    }

    return { seatPerson, seatHousehold, unseat, chooseSeat, seatLabel }
  }, [t])
}
