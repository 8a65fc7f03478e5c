import { Link, createFileRoute } from '@tanstack/react-router';
import { ArrowRightIcon } from '../../components/ui/inline-icons';
import type { ReactNode } from 'react';
import { homeArt as art } from '../../assets/art/home-art';
import { ArtImage } from '../../components/media/art-image';
import { ParallaxHero } from '../../components/media/parallax-hero';
import { buttonClasses } from '../../components/ui/button';
import { studio } from '../../content/studio';
import { ClosingCall } from '../../features/site/components/closing-call';
import { VisitStudio } from '../../features/site/components/visit-studio';
import { publicPageHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/')({
  head: publicPageHead('home'),
  component: HomePage,
});

const textLink =
  'inline-flex items-center gap-2 font-medium text-accent underline-offset-4 hover:text-accent-strong hover:underline';

// The home page: the six sections in order.
function HomePage() {
  return (
    <>
      {/* 1. Parallax hero. */}
      <ParallaxHero art={art.heroInicio} height="tall" priority labelledBy="inicio-titulo">
        <p className="eyebrow text-sand">{studio.locationName}</p>
        <h1 id="inicio-titulo" className="mt-3 max-w-3xl text-display text-on-dark">
          Muévete con intención, respira con calma
        </h1>
        <p className="mt-4 max-w-xl text-lead text-on-dark">{studio.tagline}</p>
        <Link to="/pilates/reservar" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          Reserva tu clase
        </Link>
      </ParallaxHero>

      {/* 2. Intro. */}
      <section aria-labelledby="pilates-reformer" className="container-page py-16 md:py-24">
        <div className="grid gap-8 md:grid-cols-[1fr_1.3fr] md:gap-16">
          <div>
            <p className="eyebrow">El método</p>
            <h2 id="pilates-reformer" className="mt-3 text-title">
              Pilates Reformer
            </h2>
          </div>
          <div className="space-y-4 text-lead text-ink-muted">
            <p>
              El reformer es una cama con un carro deslizante, resortes y correas que acompañan cada movimiento. Su
              resistencia se ajusta a ti: fortalece sin impacto, alarga los músculos y mejora tu postura.
            </p>
            <p>
              En nuestras clases de hasta ocho personas tu instructor corrige cada detalle, tanto si empiezas como si ya
              practicas.
            </p>
            <Link to="/pilates/estudio" className={textLink}>
              Conoce nuestro estudio
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
        </div>
      </section>

      {/* 3. Plans: two picture cards. */}
      <section aria-labelledby="conoce-planes" className="container-page pb-16 md:pb-24">
        <h2 id="conoce-planes" className="text-title">
          Conoce nuestros planes
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <PictureCard
            title="Reserva tu clase"
            text="Elige el día y la hora que mejor te acomoden en nuestro calendario semanal."
            image={<ArtImage art={art.planReservar} sizes="(min-width: 48rem) 50vw, 100vw" />}
            action={
              <Link to="/pilates/reservar" className={buttonClasses()}>
                Reservar
              </Link>
            }
          />
          <PictureCard
            title="Planes a tu medida"
            text="De una a veinte clases al mes: encuentra el plan que va con tu ritmo."
            image={<ArtImage art={art.planPlanes} sizes="(min-width: 48rem) 50vw, 100vw" />}
            action={
              <Link to="/pilates/planes" className={buttonClasses({ variant: 'secondary' })}>
                Planes
              </Link>
            }
          />
        </div>
      </section>

      {/* 4. Benefits banner. */}
      <ParallaxHero art={art.bannerBeneficios} labelledBy="beneficios-banner">
        <h2 id="beneficios-banner" className="max-w-2xl text-title text-on-dark">
          Conoce los beneficios de Reformer
        </h2>
        <p className="mt-3 max-w-xl text-on-dark">Fuerza, postura, flexibilidad y calma, clase tras clase.</p>
        <Link
          to="/pilates/beneficios"
          className={buttonClasses({
            variant: 'secondary',
            className: 'mt-6 border-on-dark text-on-dark hover:bg-on-dark hover:text-ink-strong',
          })}
        >
          Conoce más
        </Link>
      </ParallaxHero>

      {/* 5. Visit us: address, social links and the map. */}
      <VisitStudio />

      {/* 6. The shared closing section. */}
      <ClosingCall />
    </>
  );
}

function PictureCard({
  title,
  text,
  image,
  action,
}: {
  title: string;
  text: string;
  image: ReactNode;
  action: ReactNode;
}) {
  return (
    <article className="group overflow-hidden rounded-card border border-line bg-surface shadow-soft transition-shadow duration-300 hover:shadow-lift">
      <div className="aspect-[4/3] overflow-hidden bg-sand [&>img]:size-full [&>img]:transition-transform [&>img]:duration-700 motion-safe:group-hover:[&>img]:scale-[1.03]">
        {image}
      </div>
      <div className="flex flex-col items-start gap-3 p-6 md:p-8">
        <h3 className="text-subtitle">{title}</h3>
        <p className="text-ink-muted">{text}</p>
        <div className="mt-2">{action}</div>
      </div>
    </article>
  );
}
