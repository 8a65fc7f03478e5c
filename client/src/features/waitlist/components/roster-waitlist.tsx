import { useState } from 'react';
import type { RosterWaitingDto } from '@/api/generated/model';
import { usePromoteFromWaitlist, useRemoveFromWaitlist } from '@/api/generated/reservations/reservations';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';

export const promotedMessage = (name: string): string => `${name} tiene su lugar en la clase`;
export const removedFromWaitlistMessage = (name: string): string => `Se quitó a ${name} de la lista de espera`;

export interface RosterWaitlistProps {
  waitlist: RosterWaitingDto[];
  /** A place is free: the admin may give it to someone waiting. */
  placeFree: boolean;
}

/** The roster's waitlist, in order, with "Dar el lugar" (while a place is free) and "Quitar". */
export function RosterWaitlist({ waitlist, placeFree }: RosterWaitlistProps) {
  const toast = useToast();
  const [confirming, setConfirming] = useState<number | null>(null);
  const nameOf = (id: number) => waitlist.find((w) => w.id === id)?.name ?? '';
  const promote = usePromoteFromWaitlist({
    mutation: {
      onSuccess: (_answer, { data }) => toast.show(promotedMessage(nameOf(data.id))),
    },
  });
  const remove = useRemoveFromWaitlist({
    mutation: {
      onSuccess: (_answer, { data }) => {
        setConfirming(null);
        toast.show(removedFromWaitlistMessage(nameOf(data.id)));
      },
    },
  });
  if (waitlist.length === 0) return null;
  const busy = promote.isPending || remove.isPending;
  return (
    <section aria-labelledby="roster-waitlist-title" className="mt-4 border-t border-line pt-4">
      <h3 id="roster-waitlist-title" className="font-medium text-ink-strong">
        Lista de espera ({waitlist.length})
      </h3>
      <ol className="mt-2 divide-y divide-line">
        {waitlist.map((person) => (
          <li key={person.id} className="flex flex-wrap items-center gap-3 py-3">
            <span className="w-6 text-right font-display text-lg text-ink-muted figures">{person.position}.</span>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-ink-strong">{person.name}</p>
              <p className="text-sm break-words text-ink-muted">{person.email}</p>
            </div>
            {confirming === person.id ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="danger"
                  size="sm"
                  autoFocus
                  loading={remove.isPending}
                  loadingLabel="Quitando…"
                  onClick={() => remove.mutate({ data: { id: person.id } })}
                >
                  Sí, quitar
                </Button>
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(null)}>
                  Cancelar
                </Button>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                {placeFree ? (
                  <Button
                    size="sm"
                    aria-label={`Dar el lugar a ${person.name}`}
                    disabled={busy}
                    loading={promote.isPending && promote.variables?.data.id === person.id}
                    loadingLabel="Reservando…"
                    onClick={() => promote.mutate({ data: { id: person.id } })}
                  >
                    Dar el lugar
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Quitar a ${person.name} de la lista de espera`}
                  disabled={busy}
                  onClick={() => setConfirming(person.id)}
                >
                  Quitar
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <ErrorMessage error={promote.error ?? remove.error} className="mt-3" />
    </section>
  );
}
