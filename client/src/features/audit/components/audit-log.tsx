import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AuditActionName } from '@/api/generated/audit';
import { useGetAudit } from '@/api/generated/admin/admin';
import type { AuditEntryDto } from '@/api/generated/model';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Select } from '@/components/ui/select';
import type { DataTableColumn } from '@/components/ui/table';
import {
  ACTION_LABELS,
  auditChanges,
  changeText,
  formatAuditDateTime,
  nameOfUser,
  NO_VALUE,
  subjectLabel,
} from '../format';
import { knownAction } from '../actions';
import type { AuditSearch } from '../search';

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_EMPTY_MESSAGE = 'Aún no hay cambios registrados.';
export const AUDIT_NO_MATCH_MESSAGE = 'Ningún cambio coincide con estos filtros.';

const textLink = 'font-medium text-accent underline-offset-2 hover:text-accent-strong hover:underline';

function When({ entry }: { entry: AuditEntryDto }) {
  return (
    <time dateTime={entry.createdAt} className="whitespace-nowrap">
      {formatAuditDateTime(entry.createdAt)}
    </time>
  );
}

function Changes({ entry }: { entry: AuditEntryDto }) {
  const changes = auditChanges(entry);
  if (changes.length === 0) return <span className="text-ink-subtle">{NO_VALUE}</span>;
  return (
    <ul className="space-y-0.5 text-sm">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          {changeText(change)}
        </li>
      ))}
    </ul>
  );
}

/** A person's name, as a link that keeps only the changes about or by them. */
function PersonLink({ person }: { person: AuditEntryDto['actor'] }) {
  if (!person) return <span className="text-ink-subtle">{NO_VALUE}</span>;
  return (
    <Link
      to="/pilates/auditoria"
      search={(previous: AuditSearch) => ({ ...previous, usuario: person.id })}
      className={textLink}
      title={`Ver solo los cambios de ${person.name}`}
    >
      {person.name || NO_VALUE}
    </Link>
  );
}

const actorName = (entry: AuditEntryDto) => <PersonLink person={entry.actor} />;
const subjectCell = (entry: AuditEntryDto) =>
  entry.subject ? <PersonLink person={entry.subject} /> : subjectLabel(entry);

const columns: DataTableColumn<AuditEntryDto>[] = [
  { key: 'fecha', header: 'Fecha y hora', cell: (entry) => <When entry={entry} />, className: 'align-top' },
  { key: 'quien', header: 'Quién', cell: actorName, className: 'align-top' },
  {
    key: 'accion',
    header: 'Acción',
    cell: (entry) => <span className="font-medium text-ink-strong">{entry.actionLabel}</span>,
    className: 'align-top',
  },
  { key: 'sobre', header: 'Sobre', cell: subjectCell, className: 'align-top' },
  {
    key: 'cambios',
    header: 'Cambios',
    cell: (entry) => <Changes entry={entry} />,
    className: 'min-w-56 align-top whitespace-normal [overflow-wrap:anywhere]',
  },
];

function AuditCard({ entry }: { entry: AuditEntryDto }) {
  return (
    <>
      <p className="text-sm text-ink-muted">
        <When entry={entry} />
      </p>
      <p className="font-medium text-ink-strong">{entry.actionLabel}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">Quién</dt>
        <dd className="text-ink">{actorName(entry)}</dd>
        <dt className="text-ink-muted">Sobre</dt>
        <dd className="text-ink">{subjectCell(entry)}</dd>
        <dt className="text-ink-muted">Cambios</dt>
        <dd className="text-ink">
          <Changes entry={entry} />
        </dd>
      </dl>
    </>
  );
}

/** "Mostrando los cambios de Ana López · Ver todos". */
function UserFilter({ userId, entries }: { userId: number; entries: readonly AuditEntryDto[] | undefined }) {
  const name = entries ? nameOfUser(entries, userId) : undefined;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3">
      <p className="text-ink">
        Mostrando los cambios {name ? 'de ' : 'del '}
        <span className="font-medium text-ink-strong">{name ?? `usuario #${userId}`}</span>
      </p>
      <Link to="/pilates/auditoria" search={({ usuario: _dropped, ...rest }: AuditSearch) => rest} className={textLink}>
        Ver todos
      </Link>
    </div>
  );
}

const ALL_ACTIONS = 'todas';
const actionOptions = [
  { value: ALL_ACTIONS, label: 'Todas las acciones' },
  ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label })),
];

/** Action and days: each change goes to the URL (the route's search params) at once. */
function AuditFilters({ filters, onChange }: { filters: AuditSearch; onChange: (next: AuditSearch) => void }) {
  const rangeError =
    filters.desde && filters.hasta && filters.hasta < filters.desde
      ? 'La fecha de término debe ser igual o posterior a la de inicio'
      : undefined;
  const action = knownAction(filters.accion);
  const filtered = action !== undefined || filters.desde !== undefined || filters.hasta !== undefined;
  return (
    <form
      aria-label="Filtros"
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-3 rounded-card bg-surface p-4 shadow-soft sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
    >
      <Select
        label="Acción"
        options={actionOptions}
        value={action ?? ALL_ACTIONS}
        onValueChange={(value) =>
          onChange({ ...filters, accion: value === ALL_ACTIONS ? undefined : (value as AuditActionName) })
        }
      />
      <DateField
        label="Desde"
        value={filters.desde ?? ''}
        onChange={(event) => onChange({ ...filters, desde: event.target.value || undefined })}
      />
      <DateField
        label="Hasta"
        value={filters.hasta ?? ''}
        min={filters.desde}
        error={rangeError}
        onChange={(event) => onChange({ ...filters, hasta: event.target.value || undefined })}
      />
      {filtered ? (
        <Button variant="ghost" onClick={() => onChange({ usuario: filters.usuario })} className="justify-self-start">
          Quitar filtros
        </Button>
      ) : null}
    </form>
  );
}

/**
 * Who changed what and when, newest first, with the filters of the URL: `usuario` keeps the changes
 * about that user or made by them, `accion` one kind, `desde`/`hasta` the studio days.
 */
export function AuditLog({
  filters = {},
  onFiltersChange,
}: {
  filters?: AuditSearch;
  onFiltersChange?: (next: AuditSearch) => void;
}) {
  const [page, setPage] = useState(1);
  const { usuario: userId, desde: from, hasta: to } = filters;
  // An action the server does not record (a URL typed by hand, an old link) filters nothing.
  const action = knownAction(filters.accion);
  // A range that ends before it starts is not sent: the field says why.
  const validRange = !(from && to && to < from);
  const query = useGetAudit(
    {
      pagination: page,
      limit: AUDIT_PAGE_SIZE,
      ...(userId !== undefined ? { userId } : {}),
      ...(action !== undefined ? { action } : {}),
      ...(from !== undefined && validRange ? { from } : {}),
      ...(to !== undefined && validRange ? { to } : {}),
    },
    // Keep the current page on screen while the next one loads.
    { query: { placeholderData: keepPreviousData } },
  );
  const data = query.data;
  const filtered = action !== undefined || from !== undefined || to !== undefined || userId !== undefined;

  return (
    <div className="space-y-4">
      {onFiltersChange ? (
        <AuditFilters
          filters={filters}
          onChange={(next) => {
            setPage(1);
            onFiltersChange(next);
          }}
        />
      ) : null}
      {userId !== undefined ? <UserFilter userId={userId} entries={data?.entries} /> : null}
      {query.isError && !data ? (
        <ErrorMessage error={query.error} />
      ) : data && data.pagination.totalRecords === 0 ? (
        <p className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          {filtered ? AUDIT_NO_MATCH_MESSAGE : AUDIT_EMPTY_MESSAGE}
        </p>
      ) : (
        <div className="@container">
          <ResponsiveTable
            label="Cambios registrados"
            tableLayout="fit"
            columns={columns}
            rows={data?.entries}
            getRowKey={(entry) => entry.id}
            cardClassName="space-y-2 px-4 py-4"
            renderCard={(entry) => <AuditCard entry={entry} />}
            emptyMessage="No hay cambios en esta página."
            loadingLabel="Cargando los cambios…"
            pagination={data?.pagination}
            onPageChange={setPage}
          />
        </div>
      )}
    </div>
  );
}
