import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { phoneUrl, studio } from '../../content/studio';
import { currentStudioDay } from '@/lib/studio-clock';
import { Footer, studioYear } from './footer';
import { renderInRouter } from './layout-test-utils';
import { studioAnswer } from '@/test/studio-answer';
import { DEFAULT_STUDIO_CONTACT } from '@pilates/dates/studio-contact';

describe('Footer', () => {
  it('should show the logo, the Sitio column and the Contacto column from the content file', async () => {
    renderInRouter(<Footer />);
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getAllByText(studio.name).length).toBeGreaterThan(0);

    const sitio = within(footer).getByRole('navigation', { name: 'Sitio' });
    expect(
      within(sitio)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Estudio', '/pilates/estudio'],
      ['Beneficios', '/pilates/beneficios'],
      ['Mi cuenta', '/pilates/cuenta'],
      ['Reservar', '/pilates/reservar'],
      ['Planes', '/pilates/planes'],
    ]);

    expect(within(footer).getByRole('heading', { name: 'Contacto' })).toBeInTheDocument();
    expect(within(footer).getByText(studio.locationName)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: studio.phone.display })).toHaveAttribute('href', phoneUrl);
  });

  it('should show the contact the owner set on Ajustes', async () => {
    renderInRouter(
      <Footer />,
      studioAnswer({
        contact: {
          ...DEFAULT_STUDIO_CONTACT,
          address: ['Calle Nueva 5', 'Toluca, Estado de México'],
          phone: '722 765 4321',
        },
      }),
    );
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Toluca, Estado de México')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '722 765 4321' })).toHaveAttribute('href', 'tel:+527227654321');
  });

  it('should end with the year, the rights, the legal pages and the agency’s credit', async () => {
    renderInRouter(<Footer />);
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${studio.name}. Todos los derechos reservados.`);
    expect(within(footer).getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
      'href',
      '/pilates/terminos',
    );
    expect(within(footer).getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute(
      'href',
      '/pilates/aviso-de-privacidad',
    );
    const agency = within(footer).getByRole('link', { name: new RegExp(studio.agency.name) });
    expect(agency).toHaveAttribute('href', studio.agency.url);
    expect(agency).toHaveAttribute('target', '_blank');
    expect(agency).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it("should write the studio's year at any instant, New Year's Eve in Metepec included", () => {
    // 03:00 UTC on 1 January is still 31 December in Metepec (UTC−6); 07:00 UTC is the new year.
    expect(studioYear(new Date('2026-01-01T03:00:00Z'))).toBe('2025');
    expect(studioYear(new Date('2026-01-01T07:00:00Z'))).toBe('2026');
    expect(studioYear(new Date('2026-07-15T12:00:00Z'))).toBe('2026');
    for (let hour = -48; hour <= 48; hour++) {
      const instant = new Date(Date.UTC(2027, 0, 1) + hour * 3_600_000);
      expect(studioYear(instant)).toBe(currentStudioDay(instant).slice(0, 4));
    }
  });
});
