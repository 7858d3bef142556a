// What an HTML drag from the guest list or the table list carries: a person or a whole household.
import type { DragEvent } from 'react'

const PERSON = 'application/x-kasalan-person'
const HOUSEHOLD = 'application/x-kasalan-household'

export type DragPayload = { kind: 'person'; id: string } | { kind: 'household'; id: string }

export function startDrag(event: DragEvent, payload: DragPayload, label: string) {
  event.dataTransfer.setData(payload.kind === 'person' ? PERSON : HOUSEHOLD, payload.id)
  event.dataTransfer.setData('text/plain', label)
  event.dataTransfer.effectAllowed = 'move'
}

/** True while something of ours is dragged over (its data can only be read on drop). */
export function isOurDrag(event: DragEvent): boolean {
  const types = Array.from(event.dataTransfer.types)
  return types.includes(PERSON) || types.includes(HOUSEHOLD)
}

export function readDrag(event: DragEvent): DragPayload | null {
  const person = event.dataTransfer.getData(PERSON)
  if (person) return { kind: 'person', id: person }
  const household = event.dataTransfer.getData(HOUSEHOLD)
  if (household) return { kind: 'household', id: household }
  return null
}
