import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { FocusEventHandler, ReactNode, Ref } from 'react';
import { cn } from './cn';
import { FieldError, FieldHint, FieldLabel, controlClasses, describedBy, useFieldIds } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  label: ReactNode;
  options: SelectOption[];
  /** Controlled value; an empty string shows the placeholder. Leave undefined for an uncontrolled select. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  /** Error shown under the field in red; marks the trigger aria-invalid. */
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** Also renders a hidden native select, so the value travels with a plain form submit. */
  name?: string;
  id?: string;
  hideLabel?: boolean;
  /** For react-hook-form's Controller: focus on the first invalid field, touched state. */
  ref?: Ref<HTMLButtonElement>;
  onBlur?: FocusEventHandler<HTMLButtonElement>;
  className?: string;
}

/** A labelled single-choice field on Radix Select: arrow keys, typeahead, Enter/Space and Escape all work. */
export function Select({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder = 'Selecciona una opción',
  hint,
  error,
  disabled,
  required,
  name,
  id,
  hideLabel,
  ref,
  onBlur,
  className,
}: SelectProps) {
  const { controlId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={className}>
      <FieldLabel htmlFor={controlId} required={required} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <SelectPrimitive.Root
        value={value}
        defaultValue={defaultValue}
        onValueChange={onValueChange}
        disabled={disabled}
        required={required}
        name={name}
      >
        <SelectPrimitive.Trigger
          id={controlId}
          ref={ref}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint !== undefined && hintId, error && errorId)}
          className={cn(
            controlClasses,
            'flex items-center justify-between gap-2 text-left data-[placeholder]:text-ink-subtle',
          )}
        >
          <span className="truncate">
            <SelectPrimitive.Value placeholder={placeholder} />
          </span>
          <SelectPrimitive.Icon asChild>
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={6}
            // Never wider than the screen, never taller than the room left below or above the trigger.
            className={cn(
              'z-50 max-h-[min(20rem,var(--radix-select-content-available-height))] w-[var(--radix-select-trigger-width)]',
              'max-w-[calc(100vw-1rem)] overflow-hidden rounded-control border border-line bg-surface shadow-lift',
              'data-[state=open]:animate-fade-in',
            )}
          >
            <SelectPrimitive.Viewport className="p-1">
              {options.map((option) => (
                <SelectPrimitive.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className={cn(
                    'relative flex min-h-10 cursor-pointer select-none items-center rounded-[0.4rem] py-2 pr-3 pl-8',
                    'text-[0.9375rem] text-ink outline-none',
                    'data-[highlighted]:bg-sand data-[state=checked]:font-medium',
                    'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-55',
                  )}
                >
                  <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex items-center text-accent">
                    <Check aria-hidden="true" className="size-4" />
                  </SelectPrimitive.ItemIndicator>
                  <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
      {hint !== undefined ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
