import { formatLongDateWithWeekday } from '@pilates/dates';
import { Link } from '@tanstack/react-router';
import type { InstructorPageResponseDto } from '@/api/generated/model';
import { InstructorAvatar } from './instructor-avatar';

/** One instructor's page: the profile, and their classes of the next two weeks with a way to book each day. */
export function InstructorProfile({ page }: { page: InstructorPageResponseDto }) {
  const { instructor, clases } = page;
  const days = [...new Set(clases.map((klass) => klass.date))];
  return (
    <article className="container-page py-12 md:py-16" aria-labelledby="instructor-nombre">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <InstructorAvatar name={instructor.name} photoUrl={instructor.photoUrl} size="lg" eager />
        <div>
          <p className="eyebrow">Instructor</p>
          <h1 id="instructor-nombre" className="mt-2 text-title text-ink-strong">
            {instructor.name}
          </h1>
          {instructor.specialties.length > 0 ? (
            <ul aria-label="Especialidades" className="mt-3 flex flex-wrap gap-2">
              {instructor.specialties.map((specialty) => (
                <li key={specialty} className="rounded-pill bg-sand px-3 py-1 text-xs font-semibold text-ink">
                  {specialty}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      {instructor.bio ? (
        <p className="mt-8 max-w-prose text-lead whitespace-pre-line text-ink">{instructor.bio}</p>
      ) : null}

      <section aria-labelledby="proximas-clases" className="mt-12">
        <h2 id="proximas-clases" className="font-display text-subtitle text-ink-strong">
          Próximas clases
        </h2>
        {days.length === 0 ? (
          <p className="mt-4 text-ink-muted">No tiene clases en las próximas dos semanas.</p>
        ) : (
          <ul className="mt-4 divide-y divide-line rounded-card bg-surface shadow-soft">
            {days.map((date) => (
              <li key={date} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <div>
                  <p className="font-medium text-ink-strong first-letter:uppercase">
                    {formatLongDateWithWeekday(date)}
                  </p>
                  <p className="text-sm text-ink-muted">
                    {clases
                      .filter((klass) => klass.date === date)
                      .map((klass) => klass.time)
                      .join(' · ')}
                  </p>
                </div>
                <Link
                  to="/pilates/reservar"
                  search={{ fecha: date, instructor: instructor.id }}
                  className="inline-flex min-h-11 items-center rounded-control bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-strong"
                >
                  Reservar<span className="sr-only"> el {formatLongDateWithWeekday(date)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-ink-muted">Horarios en la hora del estudio.</p>
      </section>
    </article>
  );
}
