import { zodResolver } from '@hookform/resolvers/zod';
import { formatLongDate, formatLongDateWithWeekday } from '@pilates/dates';
import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCreateOutage, useEndOutage, usePreviewOutage } from '@/api/generated/admin/admin';
import type {
  OutageDto,
  OutagePreviewResponseDto,
  OutageRangeDto,
  OutageResponseDto,
  SpotDto,
} from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { showFormErrors, shownUnderFields } from '@/lib/server-field-errors';
import { useStudioToday } from '@/lib/studio-clock';
import { MAX_REASON_LENGTH, outageSchema, type OutageInput, type OutageValues } from '../schemas';

const OUTAGE_FIELDS = ['spot', 'from', 'to', 'reason'] as const;
// The server's refusals that belong under one field.
const OUTAGE_CODE_FIELDS = { SPOT_UNKNOWN: 'spot' } as const;

export const NOBODY_BOOKED = 'Nadie tiene reservado este reformer en esas fechas.';
export const STRANDED_OUTCOME = 'se cancela su clase y vuelve a su plan';

/** "30 de noviembre de 2026" for one day, "del 30 de noviembre de 2026 al 4 de diciembre de 2026" for more. */
export function rangeText({ from, to }: { from: string; to: string }): string {
  return from === to ? `el ${formatLongDate(from)}` : `del ${formatLongDate(from)} al ${formatLongDate(to)}`;
}

/** A class as the preview names it: "lunes 30 de noviembre 7:00 AM". */
const classText = (date: string, time: string) =>
  `${formatLongDateWithWeekday(date).replace(/ de \d{4}$/, '')} ${time}`;

/** The reformers out of service today: the map shows them so. */
export function outOfServiceOn(outages: readonly OutageRangeDto[], day: string): Set<number> {
  return new Set(outages.filter((outage) => outage.from <= day && day <= outage.to).map((outage) => outage.spot.id));
}

/** The toast after applying: the server's message, then what happened to the clients (the server's own plan). */
export function appliedText(answer: OutageResponseDto): string {
  const parts = [answer.message];
  const moved = answer.moves.length;
  const stranded = answer.stranded.length;
  if (moved > 0) parts.push(moved === 1 ? '1 cliente cambió de reformer.' : `${moved} clientes cambiaron de reformer.`);
  if (stranded > 0) {
    parts.push(
      stranded === 1
        ? '1 cliente se quedó sin reformer: su clase volvió a su plan.'
        : `${stranded} clientes se quedaron sin reformer: sus clases volvieron a sus planes.`,
    );
  }
  return parts.join(' ');
}

/**
 * "Fuera de servicio": the ranges still to come or under way, each with "Terminar", and
 * "Marcar fuera de servicio". Marking asks the server first who would change reformer and who
 * would be left without one, and applies only once the admin has seen that and confirmed.
 */
export function OutageSection({
  spots,
  outages,
  onMark,
}: {
  spots: readonly SpotDto[];
  outages: readonly OutageRangeDto[];
  /** Opens the dialog (no reformer chosen yet). */
  onMark: () => void;
}) {
  const [ending, setEnding] = useState<OutageRangeDto | null>(null);
  return (
    <section aria-labelledby="sala-fuera-de-servicio">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sala-fuera-de-servicio" className="text-lg font-semibold text-ink-strong">
          Fuera de servicio
        </h2>
        <Button
          variant="secondary"
          size="sm"
          icon={<Wrench aria-hidden="true" className="size-4" />}
          onClick={onMark}
          disabled={spots.length === 0}
        >
          Marcar fuera de servicio
        </Button>
      </div>
      <p className="mt-1 max-w-prose text-sm text-ink-muted">
        Un reformer en reparación no se puede reservar esos días. Quien lo tenía pasa a otro libre de la misma clase,
        con un correo que dice cuál.
      </p>
      {outages.length > 0 ? (
        <ul className="mt-3 divide-y divide-line rounded-card border border-line bg-surface">
          {outages.map((outage) => (
            <li
              key={outage.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium text-ink-strong">{outage.spot.label}</p>
                <p className="text-ink">{capitalised(rangeText(outage))}</p>
                <p className="break-words text-ink-muted">{outage.reason}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Terminar: ${outage.spot.label}, ${rangeText(outage)}`}
                onClick={() => setEnding(outage)}
              >
                Terminar
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-ink">Ningún reformer está fuera de servicio.</p>
      )}
      <EndOutageDialog outage={ending} onClose={() => setEnding(null)} />
    </section>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Terminar": the reformer is back in service from today (a range not begun yet goes). */
function EndOutageDialog({ outage, onClose }: { outage: OutageRangeDto | null; onClose: () => void }) {
  const toast = useToast();
  const end = useEndOutage();
  const close = () => {
    end.reset();
    onClose();
  };
  return (
    <Dialog
      open={outage !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={outage ? `Terminar: ${outage.spot.label}` : 'Terminar'}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Volver
          </Button>
          <Button
            loading={end.isPending}
            loadingLabel="Terminando…"
            onClick={() => {
              if (!outage) return;
              end.mutate(
                { data: { id: outage.id } },
                {
                  onSuccess: (answer) => {
                    toast.show(answer.message);
                    close();
                  },
                },
              );
            }}
          >
            Terminar
          </Button>
        </>
      }
    >
      {outage ? (
        <div className="space-y-4">
          <p className="text-ink">
            {outage.spot.label} vuelve a estar en servicio desde hoy y se puede reservar otra vez. Estaba fuera de
            servicio {rangeText(outage)}.
          </p>
          <ErrorMessage error={end.error} />
        </div>
      ) : null}
    </Dialog>
  );
}

/** The dialog's subject: the reformer chosen beforehand (from the editor), or none. */
export interface OutageSubject {
  spotId: number | null;
}

/** "Marcar fuera de servicio": the form, then the server's preview, then "Confirmar". */
export function OutageDialog({
  subject,
  spots,
  onClose,
}: {
  /** null keeps the dialog closed. */
  subject: OutageSubject | null;
  spots: readonly SpotDto[];
  onClose: () => void;
}) {
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Marcar fuera de servicio"
      description="Sus clientes de esas fechas pasan a otro reformer libre de la misma clase."
    >
      {subject !== null ? <OutageDialogBody subject={subject} spots={spots} onClose={onClose} /> : null}
    </Dialog>
  );
}

const buttons = 'flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end';

function OutageDialogBody({
  subject,
  spots,
  onClose,
}: {
  subject: OutageSubject;
  spots: readonly SpotDto[];
  onClose: () => void;
}) {
  const toast = useToast();
  const today = useStudioToday();
  const preview = usePreviewOutage();
  const apply = useCreateOutage();
  const [previewed, setPreviewed] = useState<{ request: OutageDto; plan: OutagePreviewResponseDto } | null>(null);
  const form = useForm<OutageInput, unknown, OutageValues>({
    resolver: zodResolver(outageSchema),
    defaultValues: {
      spot: subject.spotId === null ? '' : String(subject.spotId),
      from: today,
      to: today,
      reason: '',
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    const request: OutageDto = { spot: values.spot, from: values.from, to: values.to, reason: values.reason };
    preview.mutate(
      { data: request },
      {
        onSuccess: (plan) => setPreviewed({ request, plan }),
        onError: (error) => showFormErrors(error, OUTAGE_FIELDS, form.setError, OUTAGE_CODE_FIELDS),
      },
    );
  });

  if (previewed) {
    const { request, plan } = previewed;
    const label = spots.find((spot) => spot.id === request.spot)?.label ?? 'El reformer';
    const confirm = () =>
      apply.mutate(
        { data: request },
        {
          onSuccess: (answer) => {
            toast.show(appliedText(answer));
            onClose();
          },
        },
      );
    return (
      <div className="space-y-4">
        <p className="text-ink">
          <strong className="font-semibold text-ink-strong">{label}</strong> fuera de servicio {rangeText(request)}:{' '}
          {request.reason}
        </p>
        {plan.moves.length === 0 && plan.stranded.length === 0 ? <p className="text-ink">{NOBODY_BOOKED}</p> : null}
        {plan.moves.length > 0 ? (
          <section aria-labelledby="outage-moves" className="space-y-2">
            <h3 id="outage-moves" className="text-sm font-semibold text-ink-strong">
              Cambian de reformer ({plan.moves.length})
            </h3>
            <ul className="space-y-1 text-sm text-ink">
              {plan.moves.map((move) => (
                <li key={move.reservationId} className="break-words">
                  {move.name} · {classText(move.date, move.time)} · {move.from} <span aria-hidden="true">→</span>
                  <span className="sr-only">pasa a</span> {move.to}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {plan.stranded.length > 0 ? (
          <section aria-labelledby="outage-stranded" className="space-y-2">
            <h3 id="outage-stranded" className="text-sm font-semibold text-danger">
              Sin reformer libre ({plan.stranded.length})
            </h3>
            <ul className="space-y-1 text-sm text-ink">
              {plan.stranded.map((client) => (
                <li key={client.reservationId} className="break-words">
                  {client.name} · {classText(client.date, client.time)}: {STRANDED_OUTCOME}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {plan.moves.length > 0 || plan.stranded.length > 0 ? (
          <p className="text-sm text-ink-muted">Cada cliente recibe un correo.</p>
        ) : null}
        <ErrorMessage error={apply.error} />
        <div className={buttons}>
          <Button
            variant="ghost"
            onClick={() => {
              apply.reset();
              setPreviewed(null);
            }}
          >
            Volver
          </Button>
          <Button loading={apply.isPending} loadingLabel="Aplicando…" onClick={confirm}>
            Confirmar
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Controller
        control={form.control}
        name="spot"
        render={({ field }) => (
          <Select
            label="Reformer"
            placeholder="Elige un reformer"
            options={spots.map((spot) => ({ value: String(spot.id), label: spot.label }))}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.spot?.message}
          />
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField label="Desde" min={today} {...form.register('from')} error={errors.from?.message} />
        <DateField label="Hasta" min={today} hint="Incluido" {...form.register('to')} error={errors.to?.message} />
      </div>
      <TextField
        label="Motivo"
        placeholder="Resorte en reparación"
        maxLength={MAX_REASON_LENGTH}
        autoComplete="off"
        {...form.register('reason')}
        error={errors.reason?.message}
      />
      {shownUnderFields(preview.error, OUTAGE_FIELDS, OUTAGE_CODE_FIELDS) ? null : (
        <ErrorMessage error={preview.error} />
      )}
      <div className={buttons}>
        <Button variant="ghost" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" loading={preview.isPending} loadingLabel="Revisando…">
          Revisar
        </Button>
      </div>
    </form>
  );
}
