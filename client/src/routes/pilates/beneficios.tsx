import { createFileRoute } from '@tanstack/react-router';
import { Activity, Brain, HeartPulse, StretchHorizontal } from 'lucide-react';
import { art } from '../../assets/art/catalog';
import { ArtImage } from '../../components/media/art-image';
import { ParallaxHero } from '../../components/media/parallax-hero';
import { ClosingCall } from '../../features/site/components/closing-call';
import { publicPageHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/beneficios')({
  head: publicPageHead('beneficios'),
  component: BeneficiosPage,
});

const benefits = [
  {
    title: 'Aumento de la flexibilidad',
    text: 'Los resortes acompañan el estiramiento: ganas rango de movimiento de forma progresiva y segura.',
    icon: StretchHorizontal,
  },
  {
    title: 'Reducción del estrés',
    text: 'La respiración guía cada ejercicio. Sales de clase con la mente más clara y el cuerpo más ligero.',
    icon: Brain,
  },
  {
    title: 'Beneficio para la salud de la espalda',
    text: 'Fortalecer los músculos profundos del tronco alivia la carga de la columna y previene molestias.',
    icon: Activity,
  },
  {
    title: 'Rehabilitación de lesiones',
    text: 'El trabajo sin impacto y la resistencia ajustable ayudan a recuperar fuerza y movilidad con cuidado.',
    icon: HeartPulse,
  },
] as const;

// The benefits page: parallax hero, the headline, the core and posture feature, four cards.
function BeneficiosPage() {
  return (
    <>
      <ParallaxHero art={art.heroBeneficios} priority labelledBy="beneficios-titulo">
        <p className="eyebrow text-sand">Beneficios</p>
        <h1 id="beneficios-titulo" className="mt-3 max-w-4xl text-title text-on-dark md:text-display">
          Descubre el Poder Transformador del Pilates: Salud, Equilibrio y Bienestar
        </h1>
      </ParallaxHero>

      <section aria-labelledby="core-postura" className="container-page py-16 md:py-24">
        <div className="grid items-center gap-10 md:grid-cols-2 md:gap-16">
          <ArtImage
            art={art.beneficioCore}
            sizes="(min-width: 48rem) 50vw, 100vw"
            className="aspect-[4/3] w-full rounded-card bg-sand"
          />
          <div>
            <p className="eyebrow">Desde el centro</p>
            <h2 id="core-postura" className="mt-3 text-title">
              Fortalece tu core y mejora tu postura
            </h2>
            <div className="mt-5 space-y-4 text-lead text-ink-muted">
              <p>
                Cada ejercicio en el reformer parte del core: abdomen, espalda baja, glúteos y suelo pélvico trabajan
                juntos para sostenerte.
              </p>
              <p>
                Con un centro fuerte tu columna se alinea, tus hombros se relajan y te mueves con más soltura en tu día
                a día.
              </p>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="mas-beneficios" className="bg-sand/60 py-16 md:py-24">
        <div className="container-page">
          <h2 id="mas-beneficios" className="text-title">
            Más beneficios en cada clase
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map(({ title, text, icon: Icon }) => (
              <li key={title} className="rounded-card border border-line bg-surface p-6 shadow-soft md:p-7">
                <span className="inline-flex size-12 items-center justify-center rounded-pill bg-accent-soft text-accent-strong">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-5 text-2xl leading-tight">{title}</h3>
                <p className="mt-3 text-ink-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <ClosingCall />
    </>
  );
}
