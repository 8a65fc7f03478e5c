import { Link } from '@tanstack/react-router';
import {
  getListPublicInstructorsQueryOptions,
  useListPublicInstructors,
} from '@/api/generated/instructores/instructores';
import { bioExcerpt } from '../format';
import { InstructorAvatar } from './instructor-avatar';

/** The active instructors, read by the studio page's loader (server-rendered) and its cards. */
export const instructorsQueryOptions = getListPublicInstructorsQueryOptions();

/** "Nuestros instructores" on the studio page: a card per active instructor, each linking to their page. */
export function InstructorCards() {
  const instructors = useListPublicInstructors().data ?? [];
  // A studio without profiles yet shows no empty section.
  if (instructors.length === 0) return null;
  return (
    <section aria-labelledby="nuestros-instructores" className="container-page py-16 md:py-24">
      <p className="eyebrow">Quién te acompaña</p>
      <h2 id="nuestros-instructores" className="mt-3 text-title text-ink-strong">
        Nuestros instructores
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {instructors.map((instructor) => (
          <li key={instructor.id} className="flex flex-col gap-4 rounded-card bg-surface p-6 shadow-soft">
            <div className="flex items-center gap-4">
              <InstructorAvatar name={instructor.name} photoUrl={instructor.photoUrl} size="md" />
              <h3 className="font-display text-subtitle text-ink-strong">{instructor.name}</h3>
            </div>
            {instructor.specialties.length > 0 ? (
              <ul aria-label={`Especialidades de ${instructor.name}`} className="flex flex-wrap gap-2">
                {instructor.specialties.map((specialty) => (
                  <li key={specialty} className="rounded-pill bg-sand px-3 py-1 text-xs font-semibold text-ink">
                    {specialty}
                  </li>
                ))}
              </ul>
            ) : null}
            {instructor.bio ? <p className="text-ink-muted">{bioExcerpt(instructor.bio)}</p> : null}
            <Link
              to="/pilates/instructores/$slug"
              params={{ slug: instructor.slug }}
              className="mt-auto font-medium text-accent underline-offset-4 hover:underline"
            >
              Ver sus clases<span className="sr-only"> con {instructor.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
