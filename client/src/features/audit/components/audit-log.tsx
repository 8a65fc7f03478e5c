import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useGetAudit } from '@/api/generated/admin/admin';
import type { AuditEntryDto } from '@/api/generated/model';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { auditChanges, changeText, formatAuditDateTime, nameOfUser, NO_VALUE, subjectLabel } from '../format';

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_EMPTY_MESSAGE = 'Aún no hay cambios registrados.';

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

const actorName = (entry: AuditEntryDto) => entry.actor?.name || NO_VALUE;

const columns: DataTableColumn<AuditEntryDto>[] = [
  { key: 'fecha', header: 'Fecha y hora', cell: (entry) => <When entry={entry} />, className: 'align-top' },
  { key: 'quien', header: 'Quién', cell: actorName, className: 'align-top' },
  {
    key: 'accion',
    header: 'Acción',
    cell: (entry) => <span className="font-medium text-ink-strong">{entry.actionLabel}</span>,
    className: 'align-top',
  },
  { key: 'sobre', header: 'Sobre', cell: subjectLabel, className: 'align-top' },
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
        <dd className="text-ink">{subjectLabel(entry)}</dd>
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
      <Link to="/pilates/auditoria" search={{}} className={textLink}>
        Ver todos
      </Link>
    </div>
  );
}

/** Who changed what and when, newest first; `userId` keeps the changes about that user or made by them. */
export function AuditLog({ userId }: { userId?: number }) {
  const [page, setPage] = useState(1);
  const query = useGetAudit(
    { pagination: page, limit: AUDIT_PAGE_SIZE, ...(userId !== undefined ? { userId } : {}) },
    // Keep the current page on screen while the next one loads.
    { query: { placeholderData: keepPreviousData } },
  );
  const data = query.data;

  return (
    <div className="space-y-4">
      {userId !== undefined ? <UserFilter userId={userId} entries={data?.entries} /> : null}
      {query.isError && !data ? (
        <ErrorMessage error={query.error} />
      ) : data && data.pagination.totalRecords === 0 ? (
        <p className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          {AUDIT_EMPTY_MESSAGE}
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
