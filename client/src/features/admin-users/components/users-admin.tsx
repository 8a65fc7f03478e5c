import { keepPreviousData } from '@tanstack/react-query';
import { CalendarPlus, Eye, Pencil, Ticket, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useGetUsers } from '@/api/generated/admin/admin';
import type { AdminUserRowDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { TextField } from '@/components/ui/text-field';
import { formatDate, ROLE_LABELS } from '../format';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { AddPlanDialog } from './add-plan-dialog';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { UserClassesDialog } from './user-classes-dialog';
import { UserPlansDialog } from './user-plans-dialog';
import { UserStatusDialog } from './user-status-dialog';

export const USERS_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;

/** The open dialog, if any, and whose it is. */
type Open =
  | { dialog: 'edit' | 'status' | 'plan' | 'plans' | 'classes'; user: AdminUserRowDto }
  | { dialog: 'add'; user?: never }
  | null;

/** 'Usuario Activo' / 'Usuario Inactivo': pressing it asks to delete (deactivate) or reactivate the user. */
function StatusButton({ user, onClick }: { user: AdminUserRowDto; onClick: () => void }) {
  const active = user.active === 1;
  const label = active ? 'Usuario Activo' : 'Usuario Inactivo';
  return (
    <button
      type="button"
      // The visible words first, so that voice control finds the button by what it shows.
      aria-label={`${label}. ${active ? 'Eliminar' : 'Activar'} a ${user.name}`}
      className={cn(
        'inline-flex h-9 items-center rounded-pill border px-3.5 text-sm font-medium whitespace-nowrap',
        'transition-colors duration-200',
        active
          ? 'border-success/40 bg-success-soft text-success hover:border-success'
          : 'border-line-strong bg-sand text-ink-muted hover:border-ink hover:text-ink',
      )}
      onClick={onClick}
    >
      {label}
    </button>
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

  // The table shows the row actions as labelled icons so that all nine columns fit beside the side
  // menu; the cards (narrow screens) spell them out.
  const iconActions = (user: AdminUserRowDto, only: 'acciones' | 'planes' | 'ver') => {
    const actions = {
      acciones: [
        { dialog: 'edit', title: 'Editar', label: `Editar a ${user.name}`, Icon: Pencil },
        { dialog: 'plan', title: 'Agregar plan', label: `Agregar plan a ${user.name}`, Icon: CalendarPlus },
      ],
      planes: [{ dialog: 'plans', title: 'Planes', label: `Planes de ${user.name}`, Icon: Ticket }],
      ver: [{ dialog: 'classes', title: 'Clases', label: `Clases de ${user.name}`, Icon: Eye }],
    } as const;
    return (
      <div className="flex gap-1.5">
        {actions[only].map(({ dialog, title, label, Icon }) => (
          <Button
            key={dialog}
            variant="secondary"
            size="sm"
            className="w-9 px-0"
            title={title}
            aria-label={label}
            onClick={() => setOpen({ dialog, user })}
          >
            <Icon aria-hidden="true" className="size-4" />
          </Button>
        ))}
      </div>
    );
  };
  const actionButtons = (user: AdminUserRowDto) => (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Editar a ${user.name}`}
        onClick={() => setOpen({ dialog: 'edit', user })}
      >
        Editar
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Agregar plan a ${user.name}`}
        onClick={() => setOpen({ dialog: 'plan', user })}
      >
        Agregar plan
      </Button>
    </>
  );
  const plansButton = (user: AdminUserRowDto) => (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Planes de ${user.name}`}
      onClick={() => setOpen({ dialog: 'plans', user })}
    >
      Planes
    </Button>
  );
  const classesButton = (user: AdminUserRowDto) => (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Clases de ${user.name}`}
      onClick={() => setOpen({ dialog: 'classes', user })}
    >
      Clases
    </Button>
  );
  const statusButton = (user: AdminUserRowDto) => (
    <StatusButton user={user} onClick={() => setOpen({ dialog: 'status', user })} />
  );

  // Nine columns: long names, emails and dates wrap and the actions are icons, so that the table fits
  // the panel beside the side menu; on a narrower panel it scrolls sideways inside its own box.
  const columns: DataTableColumn<AdminUserRowDto>[] = [
    { key: 'id', header: 'ID', cell: (user) => user.id, className: 'tabular-nums' },
    {
      key: 'nombre',
      header: 'Nombre',
      cell: (user) => <span className="block max-w-40 font-medium whitespace-normal text-ink-strong">{user.name}</span>,
    },
    {
      key: 'email',
      header: 'Email',
      cell: (user) => <span className="block max-w-48 whitespace-normal [overflow-wrap:anywhere]">{user.email}</span>,
    },
    {
      key: 'nacimiento',
      header: <span className="block max-w-24">Fecha de nacimiento</span>,
      cell: (user) => <span className="block max-w-32 whitespace-normal">{formatDate(user.cumpleanos)}</span>,
    },
    { key: 'rol', header: 'Rol', cell: (user) => ROLE_LABELS[user.role] },
    { key: 'activo', header: 'Activo', cell: statusButton },
    { key: 'acciones', header: 'Acciones', cell: (user) => iconActions(user, 'acciones') },
    { key: 'planes', header: 'Planes', cell: (user) => iconActions(user, 'planes') },
    { key: 'ver', header: 'Ver', cell: (user) => iconActions(user, 'ver') },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <TextField
          label="Buscar usuario"
          type="search"
          placeholder="Nombre o email"
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
          Agregar Usuario
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
            columns={columns}
            rows={data?.usuarios}
            getRowKey={(user) => user.id}
            cardClassName="space-y-3 px-4 py-4"
            renderCard={(user) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-ink-strong">
                      {user.name} <span className="text-sm font-normal text-ink-subtle">#{user.id}</span>
                    </p>
                    <p className="text-sm break-all text-ink-muted">{user.email}</p>
                  </div>
                  <span className="shrink-0 text-sm text-ink-muted">{ROLE_LABELS[user.role]}</span>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-ink-muted">Fecha de nacimiento</dt>
                  <dd className="text-ink">{formatDate(user.cumpleanos)}</dd>
                </dl>
                {statusButton(user)}
                <div className="flex flex-wrap gap-2">
                  {actionButtons(user)}
                  {plansButton(user)}
                  {classesButton(user)}
                </div>
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
      <AddPlanDialog user={open?.dialog === 'plan' ? open.user : null} onClose={close} />
      <UserPlansDialog user={open?.dialog === 'plans' ? open.user : null} onClose={close} />
      <UserClassesDialog user={open?.dialog === 'classes' ? open.user : null} onClose={close} />
    </div>
  );
}
