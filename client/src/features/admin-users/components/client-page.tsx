import { Link } from '@tanstack/react-router';
import { CalendarPlus, HandCoins, History, Mail, Pencil, UserCheck, UserX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useGetUser } from '@/api/generated/admin/admin';
import { useGetClases } from '@/api/generated/informacion/informacion';
import type { AdminUserRowDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { DeskSaleDialog } from '@/features/desk-sale';
import { formatLongDateWithWeekday } from '@pilates/dates';
import { attendanceCounts, formatDate, ROLE_LABELS } from '../format';
import { AddPlanDialog } from './add-plan-dialog';
import { ClientWhatsApp } from './client-whatsapp';
import { EditUserDialog } from './edit-user-dialog';
import { USER_CLASSES_PAGE_SIZE, UserClasses } from './user-classes-dialog';
import { UserPlans } from './user-plans-dialog';
import { UserPurchases } from './user-purchases';
import { UserStatusDialog } from './user-status-dialog';
import { StatusChip } from './users-admin';

const textLink = 'font-medium text-accent underline-offset-2 hover:text-accent-strong hover:underline';

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-card bg-surface p-4 shadow-soft sm:p-6">
      <div>
        <h2 id={id} className="font-display text-2xl leading-tight text-ink-strong">
          {title}
        </h2>
        {lead ? <p className="mt-1 text-sm text-ink-muted">{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The waitlists the client is in, of classes that have not started (the first page of their classes brings them). */
function ClientWaitlists({ user }: { user: AdminUserRowDto }) {
  // The same read as the first page of UserClasses: one request for both.
  const query = useGetClases({ id: user.id, pagination: 1, limit: USER_CLASSES_PAGE_SIZE });
  if (query.isError) return <ErrorMessage error={query.error} />;
  const lines = query.data?.listaEspera;
  if (!lines) return <Spinner label="Cargando las listas de espera…" />;
  if (lines.length === 0) return <p className="text-ink-muted">No está en ninguna lista de espera.</p>;
  return (
    <ul className="divide-y divide-line">
      {lines.map((line) => (
        <li key={line.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
          <span className="text-ink-strong">
            {formatLongDateWithWeekday(line.date)} · {line.time}
            {line.instructor ? <span className="text-ink-muted"> · {line.instructor}</span> : null}
          </span>
          <span className="text-sm text-ink-muted">Lugar {line.position} en la lista</span>
        </li>
      ))}
    </ul>
  );
}

type Open = 'edit' | 'plan' | 'status' | 'sale' | null;

/**
 * A client's page for the front desk: contact, plans and what is left of them, classes upcoming and
 * past with attendance, waitlists, payments and refunds, and the admin's actions on them. Each list
 * is its own bounded read (pages of plans and classes, the latest purchases).
 */
export function ClientPage({ userId }: { userId: number }) {
  const query = useGetUser({ id: userId });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  if (query.isError && !query.data) return <ErrorMessage error={query.error} />;
  const user = query.data?.user;
  if (!user) return <Spinner label="Cargando al cliente…" />;
  const active = user.active === 1;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <p className="text-sm">
          <Link to="/pilates/usuarios" className={textLink}>
            Usuarios
          </Link>
          <span className="text-ink-subtle"> / {user.name}</span>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="cliente-titulo" className="text-title break-words">
            {user.name}
          </h1>
          <StatusChip user={user} />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-ink sm:max-w-xl">
          <dt className="text-ink-muted">Correo</dt>
          <dd className="[overflow-wrap:anywhere]">
            <a href={`mailto:${user.email}`} className={`${textLink} inline-flex items-center gap-1.5`}>
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {user.email}
            </a>
          </dd>
          <dt className="text-ink-muted">Fecha de nacimiento</dt>
          <dd>{formatDate(user.cumpleanos)}</dd>
          <dt className="text-ink-muted">Rol</dt>
          <dd>{ROLE_LABELS[user.role]}</dd>
          <dt className="text-ink-muted">Asistencia</dt>
          <dd className="figures">{attendanceCounts(user)}</dd>
          <dt className="text-ink-muted">Número</dt>
          <dd className="figures">#{user.id}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            icon={<Pencil aria-hidden="true" className="size-4" />}
            onClick={() => setOpen('edit')}
          >
            Editar datos
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<CalendarPlus aria-hidden="true" className="size-4" />}
            onClick={() => setOpen('plan')}
          >
            Agregar plan
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<HandCoins aria-hidden="true" className="size-4" />}
            onClick={() => setOpen('sale')}
          >
            Venta en mostrador
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={
              active ? (
                <UserX aria-hidden="true" className="size-4" />
              ) : (
                <UserCheck aria-hidden="true" className="size-4" />
              )
            }
            onClick={() => setOpen('status')}
          >
            {active ? 'Desactivar' : 'Reactivar'}
          </Button>
          <Link
            to="/pilates/auditoria"
            search={{ usuario: user.id }}
            className="inline-flex items-center gap-1.5 self-center px-2 text-sm font-medium text-accent hover:underline"
          >
            <History aria-hidden="true" className="size-4" />
            Ver sus cambios en Auditoría
          </Link>
        </div>
      </div>

      <Section id="cliente-planes" title="Planes" lead="Clases restantes, vigencia y pago de cada plan.">
        <UserPlans user={user} />
      </Section>
      <Section id="cliente-clases" title="Clases" lead="Las próximas primero; las pasadas con su asistencia.">
        <UserClasses user={user} />
      </Section>
      <Section id="cliente-espera" title="Listas de espera">
        <ClientWaitlists user={user} />
      </Section>
      <Section
        id="cliente-pagos"
        title="Pagos y reembolsos"
        lead="Sus últimos pagos con Mercado Pago y en mostrador; desde aquí se reembolsan."
      >
        <UserPurchasesOrNone user={user} />
      </Section>
      <Section
        id="cliente-whatsapp"
        title="WhatsApp"
        lead="Su consentimiento para recibir avisos y sus últimos mensajes con su estado."
      >
        <ClientWhatsApp userId={user.id} />
      </Section>

      <EditUserDialog user={open === 'edit' ? user : null} onClose={close} />
      <AddPlanDialog user={open === 'plan' ? user : null} onClose={close} />
      <UserStatusDialog user={open === 'status' ? user : null} onClose={close} />
      <DeskSaleDialog client={open === 'sale' ? user : null} onClose={close} />
    </div>
  );
}

function UserPurchasesOrNone({ user }: { user: AdminUserRowDto }) {
  return (
    <div className="[&>section]:mt-0">
      <UserPurchases user={user} emptyMessage="Aún no tiene pagos con Mercado Pago." />
    </div>
  );
}
