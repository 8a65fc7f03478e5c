import { useGetUserWhatsApp } from '@/api/generated/admin/admin';
import type { AdminWhatsAppMessageDto } from '@/api/generated/model';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { useStudioTimeZone } from '@/lib/studio-clock';
import { formatLongDate, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';

/** What each WhatsApp template tells the client (server/src/notifications/whatsapp/templates.ts). */
export const WHATSAPP_TEMPLATE_LABELS: Record<string, string> = {
  reserva_confirmada: 'Reserva confirmada',
  recordatorio_clase: 'Recordatorio de clase',
  lista_espera_lugar: 'Lugar desde la lista de espera',
  clase_cancelada_estudio: 'Clase cancelada por el estudio',
  cambio_instructor: 'Cambio de instructor',
  plan_por_terminar: 'Plan por terminar',
};

export const WHATSAPP_STATUS_LABELS: Record<AdminWhatsAppMessageDto['status'], string> = {
  accepted: 'Enviado',
  sent: 'Enviado',
  delivered: 'Entregado',
  read: 'Leído',
  failed: 'No entregado: fue por correo',
};

/** "27 de noviembre de 2026, 12:00 PM" in the studio's time. */
const studioMoment = (iso: string, timeZone: string): string => {
  const at = new Date(iso);
  return `${formatLongDate(studioToday(at, timeZone))}, ${to12Hour(studioTimeOfDay(at, timeZone))}`;
};

/** A client's WhatsApp: the consent in force (number, since when) and the last messages with their state. */
export function ClientWhatsApp({ userId }: { userId: number }) {
  const query = useGetUserWhatsApp({ id: userId });
  const timeZone = useStudioTimeZone();
  if (query.isError) return <ErrorMessage error={query.error} />;
  if (!query.data) return <Spinner label="Cargando sus avisos por WhatsApp…" />;
  const { whatsapp, messages } = query.data;
  return (
    <div className="space-y-3">
      {whatsapp ? (
        <p className="text-ink-strong">
          Acepta avisos en <strong className="font-semibold">{whatsapp.phone}</strong> desde el{' '}
          {studioMoment(whatsapp.consentedAt, timeZone)}.
        </p>
      ) : (
        <p className="text-ink-muted">No recibe avisos por WhatsApp: le llegan por correo.</p>
      )}
      {messages.length === 0 ? (
        <p className="text-ink-muted">Aún no le hemos enviado mensajes por WhatsApp.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Últimos mensajes por WhatsApp">
          {messages.map((message, index) => (
            <li key={index} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span className="text-ink-strong">
                {WHATSAPP_TEMPLATE_LABELS[message.template] ?? message.template}
                <span className="text-ink-muted"> · {studioMoment(message.sentAt, timeZone)}</span>
              </span>
              <span className="text-sm text-ink-muted">
                {WHATSAPP_STATUS_LABELS[message.status]}
                {message.errorCode !== null ? ` (código ${message.errorCode})` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
