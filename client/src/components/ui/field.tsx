import { CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';

/** Ids that tie a control to its label, hint and error text. */
export function useFieldIds(id?: string) {
  const generated = useId();
  const controlId = id ?? `field${generated}`;
  return { controlId, labelId: `${controlId}-label`, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

/** `aria-describedby` for a control: the caller's ids, then its hint, then its error. */
export function describedBy(...ids: (string | false | undefined | null)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

export const controlClasses =
  'block h-11 w-full rounded-control border border-line-strong bg-surface px-3.5 text-[0.9375rem] text-ink ' +
  'shadow-[inset_0_1px_2px_rgb(46_49_40/0.05)] transition-[border-color,box-shadow] duration-150 ' +
  'placeholder:text-ink-subtle hover:border-ink-muted ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus ' +
  'disabled:cursor-not-allowed disabled:bg-sand disabled:text-ink-muted ' +
  'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger';

export function FieldLabel({
  htmlFor,
  id,
  required,
  hidden,
  children,
}: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className={cn('mb-1.5 block text-sm font-medium text-ink', hidden && 'sr-only')}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-accent">
          *
        </span>
      ) : null}
    </label>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-ink-muted">
      {children}
    </p>
  );
}

/** The error under a field. It is linked to the control with aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
