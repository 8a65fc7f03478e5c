import { addDays } from '@pilates/dates';
import { useTeachingClasses } from '@/api/generated/instructor/instructor';
import type { TeachingClassDto } from '@/api/generated/model';
import { ErrorMessage } from '@/components/ui/error-message';
import { PageSpinner } from '@/components/ui/spinner';
import { useStudioToday } from '@/lib/studio-clock';
import { dayHeading, TEACHING_DAYS_AHEAD } from '../format';
import { TeachingClass } from './teaching-class';

/**
 * "Mis clases a impartir": today's and the coming week's classes the instructor teaches, by day,
 * each with its roster for the door. Made for a phone held in one hand: one column, large buttons.
 */
export function TeachingPage() {
  const today = useStudioToday();
  const classes = useTeachingClasses({ from: today, to: addDays(today, TEACHING_DAYS_AHEAD) });
  const byDay = new Map<string, TeachingClassDto[]>();
  for (const klass of classes.data?.data ?? []) byDay.set(klass.date, [...(byDay.get(klass.date) ?? []), klass]);

  return (
    <section aria-labelledby="impartir-titulo" className="space-y-6">
      <div>
        <h1 id="impartir-titulo" className="text-title">
          Mis clases a impartir
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Hoy y los próximos 7 días. Marca la asistencia desde que empieza la clase y agrega a quien llegue sin reserva.
        </p>
      </div>
      {classes.isPending ? (
        <PageSpinner label="Cargando tus clases…" />
      ) : classes.data ? null : (
        <ErrorMessage error={classes.error} />
      )}
      {classes.data && byDay.size === 0 ? (
        <p className="rounded-card bg-surface p-4 text-ink-muted shadow-soft">No tienes clases en estos días.</p>
      ) : null}
      {[...byDay].map(([date, ofDay]) => (
        <section key={date} aria-label={dayHeading(date, today)} className="space-y-3">
          <h2 className="font-display text-xl text-ink-strong">{dayHeading(date, today)}</h2>
          {ofDay.map((klass) => (
            <TeachingClass key={`${klass.scheduleId}-${klass.date}`} klass={klass} />
          ))}
        </section>
      ))}
    </section>
  );
}
