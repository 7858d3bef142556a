import type { ChangeEvent, MouseEvent } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'

/**
 * The props of a "Dadalo" radio whose tick may be refused where it is made (past the seats
 * reserved). React makes a radio's onChange out of its click and calls it even when the click's
 * default was prevented: the form then held a "yes" the radio did not show, no reason was shown,
 * and sending would have sent it. The change reaches the form only when the click went through.
 */
export function refusableYes(
  field: UseFormRegisterReturn,
  onClick: (event: MouseEvent<HTMLInputElement>) => void,
) {
  return {
    ...field,
    onClick,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      event.nativeEvent.defaultPrevented ? Promise.resolve() : field.onChange(event),
  }
}
