import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/components/ui/button';

/** The closing invitation shared by the public pages (home section 6): book a first class or see the plans. */
export function ClosingCall() {
  return (
    <section aria-labelledby="primera-clase" className="py-16 md:py-24">
      <div className="container-page">
        <div className="rounded-card bg-olive px-6 py-12 text-center text-on-dark on-dark md:px-12 md:py-16">
          <p className="eyebrow text-sand">Tu primera clase</p>
          <h2 id="primera-clase" className="mx-auto mt-3 max-w-2xl text-title text-on-dark">
            Reserva tu lugar y siente la diferencia desde la primera sesión
          </h2>
          <p className="mx-auto mt-4 max-w-prose text-on-dark">
            Grupos de hasta ocho personas, un reformer para cada quien y la atención de tu instructor en cada
            movimiento.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/pilates/reservar"
              className="inline-flex h-13 items-center justify-center rounded-pill bg-surface px-8 font-medium tracking-wide text-ink-strong shadow-soft transition-colors hover:bg-sand"
            >
              Reservar
            </Link>
            <Link
              to="/pilates/planes"
              className={buttonClasses({
                size: 'lg',
                variant: 'secondary',
                className: 'border-on-dark text-on-dark hover:bg-on-dark hover:text-ink-strong',
              })}
            >
              Ver planes
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
