import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Art } from '../../assets/art/catalog';
import { studio } from '../../content/studio';
import { useNearViewport } from '../../lib/use-near-viewport';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { cn } from '../ui/cn';
import { ArtImage } from './art-image';

/**
 * The studio's muted, looping video over its still picture. The picture shows at once; the video
 * (studio.studioVideo, when the studio has one) is only created near the viewport and never with
 * `prefers-reduced-motion`, and a button pauses it (WCAG 2.2.2). Without a video, the picture stays.
 */
export function StudioVideo({ poster, className }: { poster: Art; className?: string }) {
  const video = studio.studioVideo;
  const reducedMotion = useReducedMotion();
  const { ref, near } = useNearViewport<HTMLDivElement>('0px');
  const player = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(false);
  const playing = Boolean(video) && near && !reducedMotion;

  useEffect(() => {
    if (!player.current) return;
    if (paused) player.current.pause();
    else void player.current.play().catch(() => undefined);
  }, [paused]);

  return (
    <div ref={ref} className={cn('absolute inset-0', className)}>
      <ArtImage art={poster} priority className="size-full" />
      {playing && video ? (
        <>
          <video
            ref={player}
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
            aria-hidden="true"
            className="absolute inset-0 size-full object-cover"
          >
            <source src={video.src} type={video.type} />
          </video>
          <button
            type="button"
            onClick={() => setPaused((current) => !current)}
            aria-pressed={paused}
            className="absolute top-4 right-4 z-10 inline-flex size-11 items-center justify-center rounded-pill bg-surface/90 text-ink shadow-soft"
          >
            {paused ? <Play aria-hidden="true" className="size-5" /> : <Pause aria-hidden="true" className="size-5" />}
            <span className="sr-only">{paused ? 'Reproducir el video' : 'Pausar el video'}</span>
          </button>
        </>
      ) : null}
    </div>
  );
}
