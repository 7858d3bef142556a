import type { Control, FieldError, FieldPath, FieldValues } from 'react-hook-form'
import { useFormContext, useFormState } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

/**
 * The message to show under a field: a rule's message is an i18n key (`validation.*`); an error
 * from the auth service (type `server`) is already worded. React Hook Form in `onChange` mode sets
 * a field's error only once that field has had input (or on submit), as the spec asks.
 * Pass the form's `control` when calling it outside the form's provider.
 */
export function useFieldError<Values extends FieldValues>(control?: Control<Values>) {
  const { t } = useTranslation('auth')
  const context = useFormContext<Values>() as ReturnType<typeof useFormContext<Values>> | null
  const { errors } = useFormState({ control: control ?? context?.control })
  return (name: FieldPath<Values>) => {
    const error = errors[name] as FieldError | undefined
    if (!error?.message) return undefined
    return error.type === 'server' ? error.message : t(error.message)
  }
}
