import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapsLinkUrl, studio } from '../../content/studio';
import { withStudio } from '@/test/studio-answer';
import { LazyMap } from './lazy-map';

/** An IntersectionObserver the test drives: `enter()` brings the observed element near the viewport. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    observers,
    enter: () =>
      act(() => {
        for (const { callback } of observers) {
          callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }),
  };
}

describe('LazyMap', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should create the map frame only when the visitor comes near it', () => {
    const viewport = stubIntersectionObserver();
    const { container } = render(withStudio(<LazyMap />));

    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: /Abrir en Google Maps/ })).toHaveAttribute('href', mapsLinkUrl);
    expect(viewport.observers[0]?.options?.rootMargin).toBe('200px');

    viewport.enter();
    const frame = screen.getByTitle(`Mapa: ubicación de ${studio.name} en ${studio.locationName}`);
    expect(frame).toHaveAttribute('src', studio.mapEmbedUrl);
    expect(frame).toHaveAttribute('loading', 'lazy');
  });
});
