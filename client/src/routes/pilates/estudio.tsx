import { createFileRoute } from '@tanstack/react-router';
import { art, carouselArt } from '../../assets/art/catalog';
import { ArtImage } from '../../components/media/art-image';
import { LazyMap } from '../../components/media/lazy-map';
import { PhotoCarousel } from '../../components/media/photo-carousel';
import { StudioVideo } from '../../components/media/studio-video';
import { studio } from '../../content/studio';
import { InstructorCards, instructorsQueryOptions } from '../../features/instructors';
import { ClosingCall } from '../../features/site/components/closing-call';
import { publicPageHead } from '../../lib/page-title';
import { pageRead } from '../../lib/server-read';

export const Route = createFileRoute('/pilates/estudio')({
  // "Nuestros instructores" in the server's first HTML.
  loader: ({ context }) => pageRead(context.queryClient, instructorsQueryOptions),
  head: publicPageHead('estudio'),
  component: EstudioPage,
});

const photos = [art.foto1, art.foto2, art.foto3, art.foto4];

// The studio page: video, heading, text, four photos, the carousel of 12, the map (the layout adds the footer).
function EstudioPage() {
  return (
    <>
      <section
        aria-labelledby="instalaciones"
        className="on-dark relative isolate flex h-[500px] items-end overflow-hidden bg-ink-strong md:h-[750px]"
      >
        <StudioVideo poster={art.estudioPortada} className="-z-10" />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-t from-ink-strong/90 via-ink-strong/55 to-ink-strong/20"
        />
        <div className="container-page pb-12 md:pb-16">
          <p className="eyebrow text-sand">El estudio</p>
          <h1 id="instalaciones" className="mt-3 max-w-3xl text-display text-on-dark">
            Conoce nuestras instalaciones
          </h1>
        </div>
      </section>

      <section aria-label="Nuestro espacio" className="container-page py-16 md:py-24">
        <div className="grid gap-8 md:grid-cols-[1fr_1.3fr] md:gap-16">
          <p className="font-display text-subtitle text-ink-strong">
            Un espacio luminoso en {studio.address.city}, pensado para que te concentres en tu cuerpo y en tu
            respiración.
          </p>
          <div className="space-y-4 text-lead text-ink-muted">
            <p>
              Nuestra sala tiene ocho reformers profesionales, ventanales con luz natural y el espacio justo para que
              cada clase sea cercana. Te recibimos con agua, toallas y lockers para tus cosas.
            </p>
            <p>
              Cuidamos la limpieza del equipo después de cada sesión y mantenemos los grupos pequeños para que tu
              instructor te acompañe en cada movimiento.
            </p>
          </div>
        </div>

        <ul aria-label="Fotos del estudio" className="mt-12 grid grid-cols-2 gap-4 md:grid-cols-4 md:gap-6">
          {photos.map((photo) => (
            <li key={photo.src}>
              <ArtImage
                art={photo}
                sizes="(min-width: 48rem) 25vw, 50vw"
                className="aspect-[4/5] w-full rounded-card bg-sand"
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="galeria" className="pb-16 md:pb-24">
        <div className="container-page">
          <h2 id="galeria" className="text-title">
            Un vistazo a cada rincón
          </h2>
          <PhotoCarousel photos={carouselArt} label="Galería del estudio" className="mt-8" />
        </div>
      </section>

      <section aria-labelledby="como-llegar" className="bg-sand/60 py-16 md:py-24">
        <div className="container-page grid gap-8 md:grid-cols-[1fr_1.6fr] md:gap-14">
          <div>
            <h2 id="como-llegar" className="text-title">
              Cómo llegar
            </h2>
            <p className="mt-4 text-lead text-ink-muted">
              Estamos en {studio.address.street}, {studio.address.neighborhood}, {studio.address.city}.
            </p>
          </div>
          <LazyMap />
        </div>
      </section>

      <InstructorCards />

      <ClosingCall />
    </>
  );
}
