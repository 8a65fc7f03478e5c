import { Link } from '@tanstack/react-router';
import { formatLongDate } from '@pilates/dates';
import type { OverdueArcoRequestsDto } from '@/api/generated/model';
import { formatCount } from '../format';

/**
 * «Solicitudes ARCO vencidas»: open requests past their 20 business days (the law's deadline), the
 * first to fall due first, linked to «Solicitudes ARCO». Shown only when there is one.
 */
export function ArcoOverdue({ overdue }: { overdue: OverdueArcoRequestsDto }) {
  if (overdue.count === 0) return null;
  return (
    <section
      aria-labelledby="panel-arco-vencidas"
      className="space-y-2 rounded-card border border-danger/30 bg-danger-soft px-4 py-3 text-danger"
    >
      <h2 id="panel-arco-vencidas" className="font-semibold">
        Solicitudes ARCO vencidas
      </h2>
      <p>
        <span className="figures font-semibold">{formatCount(overdue.count)}</span>{' '}
        {overdue.count === 1
          ? 'solicitud sin responder pasó su plazo de 20 días hábiles.'
          : 'solicitudes sin responder pasaron su plazo de 20 días hábiles.'}
      </p>
      <ul className="text-sm" aria-label="Solicitudes ARCO vencidas">
        {overdue.items.map((item) => (
          <li key={item.id}>
            {item.folio} · {item.name} · venció el {formatLongDate(item.dueDate)}
          </li>
        ))}
      </ul>
      <Link to="/pilates/arco" className="text-sm font-medium underline underline-offset-2">
        Ver las solicitudes ARCO
      </Link>
    </section>
  );
}
