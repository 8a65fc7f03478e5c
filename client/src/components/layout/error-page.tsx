import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { buttonClasses } from '../ui/button';

/**
 * A page whose data or rendering failed: a Spanish message in place of the page (the server answers
 * it with status 500 and logs the error with the request's id), never the error's own text.
 */
export function ErrorPage({ reset }: Pick<ErrorComponentProps, 'reset'>) {
  const router = useRouter();
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <p className="eyebrow mb-3">Error 500</p>
      <h1 className="text-title">No pudimos mostrar esta página</h1>
      <p className="mt-3 max-w-prose text-lead text-ink-muted">
        Ocurrió un error de nuestro lado. Intenta de nuevo en unos momentos.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={buttonClasses()}
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Intentar de nuevo
        </button>
        <Link to="/pilates" className={buttonClasses({ variant: 'secondary' })}>
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
