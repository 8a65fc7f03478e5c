import { Link, createFileRoute } from '@tanstack/react-router';
import { buttonClasses } from '../../components/ui/button';
import { studio } from '../../content/studio';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/')({
  head: titleHead(),
  component: HomePage,
});

function HomePage() {
  return (
    <section className="container-page py-16 md:py-24">
      <p className="eyebrow mb-3">{studio.locationName}</p>
      <h1 className="text-display max-w-3xl">Pilates Reformer</h1>
      <p className="mt-5 max-w-prose text-lead text-ink-muted">{studio.tagline}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/pilates/reservar" className={buttonClasses({ size: 'lg' })}>
          Reservar
        </Link>
        <Link to="/pilates/estudio" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
          Conoce nuestro estudio
        </Link>
      </div>
    </section>
  );
}
