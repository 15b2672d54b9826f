import type { ReactNode, Ref } from 'react'
import { Alert, Button } from 'react-bootstrap'
import type { Data } from '@generated/data'
import { useTranslation } from '~/i18n/context.tsx'

export type PetitionFormData = Data.PetitionForm

/** The form's errors by field path (videos.0.url, letters.1.recipients.0.name…). */
export type Errors = Record<string, string | undefined>

export type Change<Key extends keyof PetitionFormData> = (value: PetitionFormData[Key]) => void

/** The error of a whole list (too many entries), shown under its section's title. */
export function ListError({ field, errors }: { field: string; errors: Errors }) {
  if (!errors[field]) return null
  return (
    <Alert variant="danger" className="py-2" data-error-for={field}>
      {errors[field]}
    </Alert>
  )
}

/** '×', named "Remove" unless `label` says what it removes. */
export function RemoveButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const { t } = useTranslation()
  return (
    <Button
      size="sm"
      variant="outline-danger"
      onClick={onClick}
      aria-label={label ?? t('page.petition.remove')}
    >
      ×
    </Button>
  )
}

/** A button that adds an entry: a '+' and its words ("+ Add a video"). */
export function AddButton({
  onClick,
  disabled,
  className,
  testId,
  ref,
  children,
}: {
  ref?: Ref<HTMLButtonElement>
  onClick: () => void
  disabled?: boolean
  className?: string
  testId?: string
  children: ReactNode
}) {
  return (
    <Button
      variant="outline-primary"
      size="sm"
      disabled={disabled}
      onClick={onClick}
      className={className}
      data-testid={testId}
      ref={ref}
    >
      <span aria-hidden="true" className="me-1">
        +
      </span>
      {children}
    </Button>
  )
}

/** An item's number (#2, #3…; the first has none) and, when it may go, its remove button. */
export function ItemHeader({ index, onRemove }: { index: number; onRemove?: () => void }) {
  return (
    <div className="d-flex justify-content-between mb-2">
      <strong>{index > 0 ? `#${index + 1}` : ''}</strong>
      {onRemove && <RemoveButton onClick={onRemove} />}
    </div>
  )
}

/** A section of the form: its title, the error of its whole list when it has one, its items. */
export function FormSection({
  testId,
  title,
  listName,
  errors,
  children,
}: {
  testId: string
  title: string
  listName?: string
  errors?: Errors
  children: ReactNode
}) {
  return (
    <section className="form-section" data-testid={testId}>
      <h2 className="h4">{title}</h2>
      {listName && errors && <ListError field={listName} errors={errors} />}
      {children}
    </section>
  )
}
