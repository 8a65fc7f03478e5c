import { Link, createFileRoute } from '@tanstack/react-router';
import { Logo } from '../components/layout/logo';
import { buttonClasses } from '../components/ui/button';
import { publicPageHead } from '../lib/page-title';

export const Route = createFileRoute('/cycling')({
  head: publicPageHead('cycling'),
  component: CyclingPage,
});

// The indoor cycling studio is not open yet: a full-screen black "coming soon" page.
function CyclingPage() {
  return (
    <main className="on-dark flex min-h-dvh flex-col items-center justify-center gap-8 bg-night px-6 text-center text-on-dark">
      <Logo tone="light" className="scale-125" />
      <div>
        <p className="eyebrow text-accent-on-dark">Indoor Cycling</p>
        <h1 className="mt-3 text-display text-on-dark">Próximamente</h1>
        <p className="mx-auto mt-4 max-w-md text-on-dark-muted">
          Estamos preparando nuestro estudio de Indoor Cycling. Mientras tanto, te esperamos en Pilates Reformer.
        </p>
      </div>
      <Link
        to="/pilates"
        className={buttonClasses({
          variant: 'secondary',
          className: 'border-on-dark text-on-dark hover:bg-on-dark hover:text-night',
        })}
      >
        Ir a Pilates Reformer
      </Link>
    </main>
  );
}
