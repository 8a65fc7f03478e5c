import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { showFormErrors, shownUnderFields, type CodeFields } from '@/lib/server-field-errors';

/** A question asked before the request goes out ("¿Dar el rol de administrador…?"). */
export interface Confirmation {
  question: ReactNode;
  confirmLabel: string;
}

export interface FormDialogProps<
  TSubject,
  TInput extends FieldValues,
  TValues,
  TAnswer extends { message: string },
  TError,
  TVariables,
> {
  /** What the dialog edits (for a new thing: `open || null`); null keeps it closed. */
  subject: TSubject | null;
  /** "Cancelar", Escape, the close button, a request with nothing to change, and after a success. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The form's rules: what the fields hold (TInput) and the values they give once checked (TValues). */
  schema: z.ZodType<TValues, TInput>;
  /** The fields at each opening. */
  defaultValues: (subject: TSubject) => DefaultValues<NoInfer<TInput>>;
  /** The generated client's options for the request (its mutation key names what it makes stale). */
  mutation: UseMutationOptions<TAnswer, TError, TVariables>;
  /** The request for the checked values; null when nothing changed (the dialog just closes). */
  toRequest: (values: TValues, subject: TSubject) => TVariables | null;
  /** The fields a refusal may name, shown under them instead of in the red box. */
  fields: readonly FieldPath<NoInfer<TInput>>[];
  /** Refusal codes that belong under one field (EMAIL_TAKEN → email). */
  codeFields?: CodeFields<NoInfer<TInput>>;
  submitLabel: string;
  /** Announced while the request runs. */
  pendingLabel: string;
  /** Asks once more before sending these values; null sends at once. */
  confirm?: (values: TValues, subject: TSubject) => Confirmation | null;
  /** After the server's message is shown, before the dialog closes. */
  onSuccess?: (answer: TAnswer, subject: TSubject) => void;
  /** The fields, drawn with the dialog's form. */
  children: (form: UseFormReturn<TInput, unknown, TValues>, subject: TSubject) => ReactNode;
}

/**
 * A dialog around one form that sends one request: the fields, the server's refusals under their
 * fields (the rest in the red box), "Cancelar" and the submit button with its pending state; on
 * success the server's message as a toast, and the dialog closes (focus goes back to its opener).
 * The form starts afresh at every opening.
 */
export function FormDialog<
  TSubject,
  TInput extends FieldValues,
  TValues,
  TAnswer extends { message: string },
  TError,
  TVariables,
>(props: FormDialogProps<TSubject, TInput, TValues, TAnswer, TError, TVariables>) {
  const { subject, onClose, title, description } = props;
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
    >
      {subject !== null ? <FormDialogBody {...props} subject={subject} /> : null}
    </Dialog>
  );
}

function FormDialogBody<
  TSubject,
  TInput extends FieldValues,
  TValues,
  TAnswer extends { message: string },
  TError,
  TVariables,
>({
  subject,
  onClose,
  schema,
  defaultValues,
  mutation: mutationOptions,
  toRequest,
  fields,
  codeFields = {},
  submitLabel,
  pendingLabel,
  confirm,
  onSuccess,
  children,
}: FormDialogProps<TSubject, TInput, TValues, TAnswer, TError, TVariables> & { subject: TSubject }) {
  const toast = useToast();
  const mutation = useMutation(mutationOptions);
  const form = useForm<TInput, unknown, TValues>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues(subject),
  });
  const [confirming, setConfirming] = useState<{ values: TValues; confirmation: Confirmation } | null>(null);

  const send = (values: TValues) => {
    const request = toRequest(values, subject);
    if (request === null) {
      onClose();
      return;
    }
    mutation.mutate(request, {
      onSuccess: (answer) => {
        toast.show(answer.message);
        onSuccess?.(answer, subject);
        onClose();
      },
      onError: (error) => {
        setConfirming(null);
        showFormErrors(error, fields, form.setError, codeFields);
      },
    });
  };

  const submit = form.handleSubmit((values) => {
    const confirmation = confirm?.(values, subject) ?? null;
    if (confirmation) setConfirming({ values, confirmation });
    else send(values);
  });

  const buttons = 'flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end';

  if (confirming) {
    return (
      <div className="space-y-4">
        <p className="text-ink">{confirming.confirmation.question}</p>
        <ErrorMessage error={mutation.error} />
        <div className={buttons}>
          <Button variant="ghost" onClick={() => setConfirming(null)}>
            Volver
          </Button>
          <Button loading={mutation.isPending} loadingLabel={pendingLabel} onClick={() => send(confirming.values)}>
            {confirming.confirmation.confirmLabel}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {children(form, subject)}
      {shownUnderFields(mutation.error, fields, codeFields) ? null : <ErrorMessage error={mutation.error} />}
      <div className={buttons}>
        <Button variant="ghost" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" loading={mutation.isPending} loadingLabel={pendingLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
