import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../ui/button';

export function NotFoundPage() {
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <p className="eyebrow mb-3">Error 404</p>
      <h1 className="text-title">Página no encontrada</h1>
      <p className="mt-3 max-w-prose text-lead text-ink-muted">La página que buscas no existe o cambió de dirección.</p>
      <Link to="/pilates" className={buttonClasses({ className: 'mt-8' })}>
        Volver al inicio
      </Link>
    </section>
  );
}
