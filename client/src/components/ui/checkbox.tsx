import { Check } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from './cn';
import { FieldError, FieldHint, describedBy, useFieldIds } from './field';

export interface CheckboxProps extends Omit<
  ComponentPropsWithRef<typeof CheckboxPrimitive.Root>,
  'checked' | 'defaultChecked' | 'onCheckedChange' | 'children'
> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error shown under the box in red; marks the control aria-invalid. */
  error?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  /** Always a boolean: the "indeterminate" state of Radix is not used here. */
  onCheckedChange?: (checked: boolean) => void;
  /** Classes for the wrapper (box, label and messages). */
  className?: string;
}

/**
 * A checkbox with its label beside it. Radix renders a `<button role="checkbox">` plus a hidden
 * native input when `name` is set, so it works inside a plain form and with react-hook-form's
 * Controller (`checked={field.value} onCheckedChange={field.onChange} ref={field.ref}`).
 */
export function Checkbox({
  label,
  hint,
  error,
  className,
  id,
  onCheckedChange,
  'aria-describedby': ariaDescribedBy,
  ...props
}: CheckboxProps) {
  const { controlId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <CheckboxPrimitive.Root
          id={controlId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ariaDescribedBy, hint !== undefined && hintId, error && errorId)}
          onCheckedChange={(state) => onCheckedChange?.(state === true)}
          className={cn(
            // The label is clickable too, so the small box is not the only touch target.
            'peer mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-[0.3rem] border border-line-strong bg-surface',
            'transition-[background-color,border-color] duration-150 hover:border-ink-muted',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
            'data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-white',
            'disabled:cursor-not-allowed disabled:opacity-55',
            'aria-invalid:border-danger',
          )}
          {...props}
        >
          <CheckboxPrimitive.Indicator>
            <Check aria-hidden="true" strokeWidth={3} className="size-3.5" />
          </CheckboxPrimitive.Indicator>
        </CheckboxPrimitive.Root>
        <label
          htmlFor={controlId}
          className="cursor-pointer text-[0.9375rem] leading-6 text-ink peer-disabled:cursor-not-allowed peer-disabled:opacity-70"
        >
          {label}
        </label>
      </div>
      {hint !== undefined ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
