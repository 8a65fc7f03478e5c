import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { carouselArt } from '../../assets/art/catalog';
import { CAROUSEL_LOOP_SECONDS, PhotoCarousel } from './photo-carousel';

/** The visitor's motion preference, as the browser reports it. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const track = () => screen.getByRole('list');

describe('PhotoCarousel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should loop the 12 photos over 20 seconds, drawing a hidden copy for a seamless loop', () => {
    prefersReducedMotion(false);
    render(<PhotoCarousel photos={carouselArt} label="Galería del estudio" />);

    expect(carouselArt).toHaveLength(12);
    expect(CAROUSEL_LOOP_SECONDS).toBe(20);
    const carousel = screen.getByRole('region', { name: 'Galería del estudio' });
    // Screen readers get each photo once, with its description.
    const photos = within(carousel).getAllByRole('img');
    expect(photos.map((photo) => photo.getAttribute('alt'))).toEqual(carouselArt.map((photo) => photo.alt));
    expect(track().querySelectorAll('li')).toHaveLength(24);
    expect(track().querySelectorAll('li[aria-hidden="true"]')).toHaveLength(12);
    expect(track()).toHaveAttribute('data-motion', 'on');
    expect(track().style.getPropertyValue('--carousel-duration')).toBe('20s');
    for (const photo of photos) {
      expect(photo).toHaveAttribute('loading', 'lazy');
      expect(photo).toHaveAttribute('width');
      expect(photo).toHaveAttribute('height');
    }
  });

  it('should pause and resume with its button', async () => {
    prefersReducedMotion(false);
    render(<PhotoCarousel photos={carouselArt} label="Galería del estudio" />);

    await userEvent.click(screen.getByRole('button', { name: 'Pausar el carrusel' }));
    expect(track()).toHaveAttribute('data-motion', 'paused');
    const resume = screen.getByRole('button', { name: 'Reanudar el carrusel' });
    expect(resume).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(resume);
    expect(track()).toHaveAttribute('data-motion', 'on');
  });

  it('should not move with prefers-reduced-motion: one row of 12 photos to scroll by hand', () => {
    prefersReducedMotion(true);
    render(<PhotoCarousel photos={carouselArt} label="Galería del estudio" />);

    expect(track()).toHaveAttribute('data-motion', 'off');
    expect(track().querySelectorAll('li')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: /carrusel/ })).not.toBeInTheDocument();
    const viewport = screen.getByTestId('carousel-viewport');
    expect(viewport).toHaveAttribute('tabindex', '0');
    expect(viewport.className).toContain('overflow-x-auto');
  });
});
