import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { fromRoleChoice, roleChoices } from '../members-model'

/** The role (and, for a family helper, the side) of a member or an invitation, in one list. */
export function RoleSelect({
  label,
  value,
  onChange,
  disabled,
  visibleLabel = false,
}: {
  label: string
  value: string
  onChange(choice: string): void
  disabled?: boolean
  visibleLabel?: boolean
}) {
  const { t } = useTranslation('members')
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={visibleLabel ? 'field-label' : 'sr-only'}>
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {roleChoices.map((choice) => {
          const { role, side } = fromRoleChoice(choice)
          return (
            <option key={choice} value={choice}>
              {side ? `${t(`roles.${role}`)} · ${t(`sides.${side}`)}` : t(`roles.${role}`)}
            </option>
          )
        })}
      </select>
    </div>
  )
}
