import { formatLongDateWithWeekday } from '@pilates/dates';
import { useId, useState } from 'react';
import { useApproveCover, useDeclineCover, useListCoverRequests } from '@/api/generated/admin/admin';
import { useListPublicInstructors } from '@/api/generated/instructores/instructores';
import type { OpenCoverRequestDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';

export const COVER_APPROVAL_NOTICE =
  'Al aprobar, el suplente da la clase: los clientes con reserva reciben un correo con el cambio y pueden cancelarla sin perderla durante 24 horas.';

/** "Peticiones de suplente" (Horario): the instructors' open requests, each approved with a substitute or declined. */
export function CoverRequestsPanel() {
  const titleId = useId();
  const requests = useListCoverRequests();
  const open = requests.data?.data ?? [];
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-card bg-surface p-4 shadow-soft sm:p-6">
      <h2 id={titleId} className="text-lg font-medium text-ink-strong">
        Peticiones de suplente
      </h2>
      <ErrorMessage error={requests.data ? null : requests.error} />
      {requests.data && open.length === 0 ? <p className="text-ink-muted">No hay peticiones abiertas.</p> : null}
      {open.length > 0 ? (
        <>
          <p className="text-sm text-ink-muted">{COVER_APPROVAL_NOTICE}</p>
          <ul className="divide-y divide-line">
            {open.map((request) => (
              <CoverRequestItem key={request.id} request={request} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function CoverRequestItem({ request }: { request: OpenCoverRequestDto }) {
  const toast = useToast();
  const [substitute, setSubstitute] = useState('');
  const [missing, setMissing] = useState(false);
  const instructors = useListPublicInstructors({ query: { staleTime: 60_000 } });
  const approve = useApproveCover();
  const decline = useDeclineCover();
  const busy = approve.isPending || decline.isPending;
  const options = (instructors.data ?? [])
    .filter((instructor) => instructor.id !== request.instructorId)
    .map((instructor) => ({ value: String(instructor.id), label: instructor.name }));
  const when = `${formatLongDateWithWeekday(request.date)}, ${request.time}`;

  return (
    <li className="space-y-3 py-4">
      <div>
        <p className="font-medium text-ink-strong">
          {request.instructor} · {when}
        </p>
        {request.note ? <p className="text-sm break-words text-ink-muted">Nota: {request.note}</p> : null}
      </div>
      <Select
        label="Suplente"
        options={options}
        value={substitute}
        onValueChange={(value) => {
          setSubstitute(value);
          setMissing(false);
        }}
        placeholder="Elige un instructor"
        error={missing ? 'Elige quién da la clase' : undefined}
      />
      <ErrorMessage error={approve.error ?? decline.error} />
      <div className="flex flex-wrap gap-2">
        <Button
          className="min-h-11"
          loading={approve.isPending}
          loadingLabel="Aprobando…"
          disabled={busy}
          onClick={() => {
            if (substitute === '') return setMissing(true);
            approve.mutate(
              { data: { id: request.id, substituteId: Number(substitute) } },
              { onSuccess: (answer) => toast.show(answer.message) },
            );
          }}
        >
          Aprobar
        </Button>
        <Button
          variant="secondary"
          className="min-h-11"
          loading={decline.isPending}
          loadingLabel="Rechazando…"
          disabled={busy}
          onClick={() =>
            decline.mutate({ data: { id: request.id } }, { onSuccess: (answer) => toast.show(answer.message) })
          }
        >
          Rechazar
        </Button>
      </div>
    </li>
  );
}
