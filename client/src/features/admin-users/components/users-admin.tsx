import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  CalendarPlus,
  Ellipsis,
  Eye,
  HandCoins,
  Pencil,
  Ticket,
  Trash2,
  UserCheck,
  UserPlus,
  UserX,
} from 'lucide-react';
import { useState } from 'react';
import { useGetUsers } from '@/api/generated/admin/admin';
import type { AdminUserRowDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { ActionMenu } from '@/components/ui/menu';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { TextField } from '@/components/ui/text-field';
import { DeskSaleDialog } from '@/features/desk-sale';
import { attendanceCounts, formatDate, ROLE_LABELS } from '../format';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { AddPlanDialog } from './add-plan-dialog';
import { ADMIN_DELETE_TITLE, AdminDeleteAccountDialog } from './delete-account-dialog';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { UserClassesDialog } from './user-classes-dialog';
import { UserPlansDialog } from './user-plans-dialog';
import { UserStatusDialog } from './user-status-dialog';

export const USERS_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;

/** The open dialog, if any, and whose it is. */
type Open =
  | { dialog: 'edit' | 'status' | 'plan' | 'plans' | 'classes' | 'sale' | 'delete'; user: AdminUserRowDto }
  | { dialog: 'add'; user?: never }
  | null;

/** Whether the account can log in, in the words the studio already uses: a label, not a control (the actions change it). */
export function StatusChip({ user }: { user: AdminUserRowDto }) {
  const active = user.active === 1;
  return (
    <span
      className={cn(
        'inline-flex h-7 items-center rounded-pill border px-3 text-sm font-medium whitespace-nowrap',
        active ? 'border-success/40 bg-success-soft text-success' : 'border-line-strong bg-sand text-ink-muted',
      )}
    >
      {active ? 'Usuario Activo' : 'Usuario Inactivo'}
    </span>
  );
}

/** The user's name, leading to their page (contact, plans, classes, waitlists, payments). */
function ClientLink({ user }: { user: AdminUserRowDto }) {
  return (
    <Link
      to="/pilates/usuarios/$id"
      params={{ id: user.id }}
      className="font-medium text-ink-strong underline decoration-line-strong underline-offset-2 hover:text-accent"
      title={`Ver la ficha de ${user.name}`}
    >
      {user.name}
    </Link>
  );
}

/** "Usuarios": the users, ten per page, searchable, with their plans, classes and actions. */
export function UsersAdmin() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to one search: a new search starts at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const query = useGetUsers(
    { pagination: page, limit: USERS_PAGE_SIZE, ...(search ? { search } : {}) },
    // Keep the current page on screen while the next one loads.
    { query: { placeholderData: keepPreviousData } },
  );
  const data = query.data;

  const openFor = (dialog: Exclude<NonNullable<Open>['dialog'], 'add'>, user: AdminUserRowDto) => () =>
    setOpen({ dialog, user });
  const statusLabel = (user: AdminUserRowDto) => (user.active === 1 ? 'Desactivar' : 'Reactivar');

  // In the table: the two actions used most as labelled buttons, the rest in "Más acciones", so that
  // the table fits beside the side menu without scrolling sideways.
  const tableActions = (user: AdminUserRowDto) => (
    <div className="flex items-center justify-end gap-1.5">
      <Button
        variant="secondary"
        size="sm"
        className="px-3"
        icon={<Pencil aria-hidden="true" className="size-4" />}
        aria-label={`Editar a ${user.name}`}
        onClick={openFor('edit', user)}
      >
        Editar
      </Button>
      <Button
        variant="secondary"
        size="sm"
        className="px-3"
        icon={<Ticket aria-hidden="true" className="size-4" />}
        aria-label={`Planes de ${user.name}`}
        onClick={openFor('plans', user)}
      >
        Planes
      </Button>
      <ActionMenu
        trigger={
          <Button variant="ghost" size="icon" title="Más acciones" aria-label={`Más acciones para ${user.name}`}>
            <Ellipsis aria-hidden="true" className="size-4" />
          </Button>
        }
        actions={[
          {
            label: 'Agregar plan',
            icon: <CalendarPlus aria-hidden="true" className="size-4" />,
            onSelect: openFor('plan', user),
          },
          {
            label: 'Venta en mostrador',
            icon: <HandCoins aria-hidden="true" className="size-4" />,
            onSelect: openFor('sale', user),
          },
          {
            label: 'Ver clases',
            icon: <Eye aria-hidden="true" className="size-4" />,
            onSelect: openFor('classes', user),
          },
          {
            label: statusLabel(user),
            icon:
              user.active === 1 ? (
                <UserX aria-hidden="true" className="size-4" />
              ) : (
                <UserCheck aria-hidden="true" className="size-4" />
              ),
            onSelect: openFor('status', user),
            tone: user.active === 1 ? 'danger' : undefined,
          },
          {
            label: ADMIN_DELETE_TITLE,
            icon: <Trash2 aria-hidden="true" className="size-4" />,
            onSelect: openFor('delete', user),
            tone: 'danger',
          },
        ]}
      />
    </div>
  );

  // On a card every action is a labelled button.
  const cardActions = (user: AdminUserRowDto) => (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" aria-label={`Editar a ${user.name}`} onClick={openFor('edit', user)}>
        Editar
      </Button>
      <Button variant="secondary" size="sm" aria-label={`Agregar plan a ${user.name}`} onClick={openFor('plan', user)}>
        Agregar plan
      </Button>
      <Button variant="secondary" size="sm" aria-label={`Planes de ${user.name}`} onClick={openFor('plans', user)}>
        Planes
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Venta en mostrador a ${user.name}`}
        onClick={openFor('sale', user)}
      >
        Venta en mostrador
      </Button>
      <Button variant="secondary" size="sm" aria-label={`Clases de ${user.name}`} onClick={openFor('classes', user)}>
        Clases
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`${statusLabel(user)} a ${user.name}`}
        onClick={openFor('status', user)}
      >
        {statusLabel(user)}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Eliminar cuenta de ${user.name} (solicitud del titular)`}
        onClick={openFor('delete', user)}
      >
        Eliminar cuenta
      </Button>
    </div>
  );

  // Five columns: who (name, email, number), role, attendance, state and the actions. The birth date is in the
  // edit dialog and on the cards.
  const columns: DataTableColumn<AdminUserRowDto>[] = [
    {
      key: 'usuario',
      header: 'Usuario',
      cell: (user) => (
        <div className="min-w-0 whitespace-normal">
          <p className="break-words">
            <ClientLink user={user} /> <span className="text-sm text-ink-subtle figures">#{user.id}</span>
          </p>
          <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">{user.email}</p>
        </div>
      ),
    },
    { key: 'rol', header: 'Rol', cell: (user) => ROLE_LABELS[user.role], className: 'w-px whitespace-nowrap' },
    {
      key: 'asistencia',
      header: 'Asistencia',
      // Two short lines ("5 asistencias ·" / "2 faltas") keep the table within 1280 px beside the menu.
      cell: (user) => <span className="block text-sm whitespace-normal figures">{attendanceCounts(user)}</span>,
      className: 'w-28',
    },
    {
      key: 'estado',
      header: 'Estado',
      cell: (user) => <StatusChip user={user} />,
      className: 'w-px whitespace-nowrap',
    },
    {
      key: 'acciones',
      header: <span className="block text-right">Acciones</span>,
      cell: tableActions,
      className: 'w-px whitespace-nowrap',
    },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <TextField
          label="Buscar usuario"
          type="search"
          placeholder="Nombre o correo"
          autoComplete="off"
          spellCheck={false}
          maxLength={120}
          className="w-full sm:max-w-sm"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <Button
          onClick={() => setOpen({ dialog: 'add' })}
          icon={<UserPlus aria-hidden="true" className="size-4" />}
          className="self-start sm:self-auto"
        >
          Agregar usuario
        </Button>
      </div>

      {query.isError && !data ? (
        <ErrorMessage error={query.error} />
      ) : data && data.usuarios.length === 0 && page === 1 ? (
        <p
          role="status"
          className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted"
        >
          {search ? `Ningún usuario coincide con «${search}».` : 'Aún no hay usuarios.'}
        </p>
      ) : (
        // A narrow column (phones, tablets beside the side menu) lists the users as cards; a wide one as a table.
        <div className="@container">
          <ResponsiveTable
            label="Usuarios"
            tableLayout="fit"
            columns={columns}
            rows={data?.usuarios}
            getRowKey={(user) => user.id}
            cardClassName="space-y-3 px-4 py-4"
            renderCard={(user) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="break-words">
                      <ClientLink user={user} /> <span className="text-sm text-ink-subtle">#{user.id}</span>
                    </p>
                    <p className="text-sm break-all text-ink-muted">{user.email}</p>
                  </div>
                  <span className="shrink-0 text-sm text-ink-muted">{ROLE_LABELS[user.role]}</span>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-ink-muted">Fecha de nacimiento</dt>
                  <dd className="text-ink">{formatDate(user.cumpleanos)}</dd>
                  <dt className="text-ink-muted">Asistencia</dt>
                  <dd className="text-ink figures">{attendanceCounts(user)}</dd>
                </dl>
                <StatusChip user={user} />
                {cardActions(user)}
              </>
            )}
            emptyMessage="No hay usuarios en esta página."
            loadingLabel="Cargando los usuarios…"
            pagination={data?.pagination}
            onPageChange={(next) => setPaging({ search, page: next })}
          />
        </div>
      )}

      <AddUserDialog open={open?.dialog === 'add'} onOpenChange={(next) => setOpen(next ? { dialog: 'add' } : null)} />
      <EditUserDialog user={open?.dialog === 'edit' ? open.user : null} onClose={close} />
      <UserStatusDialog user={open?.dialog === 'status' ? open.user : null} onClose={close} />
      <AdminDeleteAccountDialog user={open?.dialog === 'delete' ? open.user : null} onClose={close} />
      <AddPlanDialog user={open?.dialog === 'plan' ? open.user : null} onClose={close} />
      <UserPlansDialog user={open?.dialog === 'plans' ? open.user : null} onClose={close} />
      <UserClassesDialog user={open?.dialog === 'classes' ? open.user : null} onClose={close} />
      <DeskSaleDialog client={open?.dialog === 'sale' ? open.user : null} onClose={close} />
    </div>
  );
}
