import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from './cn';
import { FieldError, FieldHint, FieldLabel, controlClasses, describedBy, useFieldIds } from './field';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  label: ReactNode;
  /** Help shown under the field. */
  hint?: ReactNode;
  /** Error shown under the field in red; marks the input aria-invalid. */
  error?: string;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /** A control inside the field's right edge (the password toggle, for instance). */
  trailing?: ReactNode;
  /** Classes for the wrapper (label, input and messages). */
  className?: string;
  inputClassName?: string;
}

export function TextField({
  label,
  hint,
  error,
  hideLabel,
  trailing,
  className,
  inputClassName,
  id,
  type = 'text',
  required,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const { controlId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={className}>
      <FieldLabel htmlFor={controlId} required={required} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          id={controlId}
          type={type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ariaDescribedBy, hint !== undefined && hintId, error && errorId)}
          className={cn(controlClasses, trailing !== undefined && 'pr-12', inputClassName)}
          {...inputProps}
        />
        {trailing !== undefined ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {hint !== undefined ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
