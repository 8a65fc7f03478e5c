import '../ui/test-polyfills';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { studio } from '../../content/studio';
import { Header } from './header';
import { renderInRouter } from './layout-test-utils';

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });

describe('Header', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('should offer a guest the sections, Instagram, Mi cuenta and Reservar', async () => {
    renderInRouter(<Header user={null} />);
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Planes' })).toHaveAttribute('href', '/pilates/planes');
    expect(within(nav).getByRole('link', { name: 'Estudio' })).toHaveAttribute('href', '/pilates/estudio');
    expect(within(nav).getByRole('link', { name: 'Beneficios' })).toHaveAttribute('href', '/pilates/beneficios');
    expect(within(nav).getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/pilates/cuenta');
    expect(within(nav).getByRole('link', { name: 'Reservar' })).toHaveAttribute('href', '/pilates/reservar');
    expect(within(nav).getByRole('link', { name: /^Instagram/ })).toHaveAttribute('href', studio.instagram.url);
    expect(within(nav).queryByRole('link', { name: 'Mi Perfil' })).not.toBeInTheDocument();
  });

  it("should name the logo's link by the words it shows, then the studio and where it leads", async () => {
    renderInRouter(<Header user={null} />);
    const home = (await screen.findAllByRole('link')).find((link) => link.getAttribute('href') === '/pilates')!;
    // No aria-label: the name is the logo's own text, so it contains what is seen (label in name).
    expect(home).not.toHaveAttribute('aria-label');
    // (jsdom computes names without layout: the e2e sweep checks the whole name in Chromium.)
    expect(home.textContent).toBe(`Pilates Reformer ${studio.name}: inicio`);
    expect(home).toHaveAccessibleName(new RegExp(`${studio.name}: inicio$`));
  });

  it('should show Mi Perfil instead of Mi cuenta when logged in', async () => {
    renderInRouter(<Header user={{ name: 'Ana López' }} />);
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Mi Perfil' })).toHaveAttribute('href', '/pilates/informacion');
    expect(within(nav).queryByRole('link', { name: 'Mi cuenta' })).not.toBeInTheDocument();
  });

  it('should switch to its scroll state only after 50 px of scroll', async () => {
    renderInRouter(<Header user={null} />);
    const header = await screen.findByRole('banner');
    expect(header).not.toHaveAttribute('data-scrolled');

    scrollTo(50);
    expect(header).not.toHaveAttribute('data-scrolled');
    scrollTo(51);
    expect(header).toHaveAttribute('data-scrolled');
    expect(header.className).toContain('shadow-header');
    scrollTo(0);
    expect(header).not.toHaveAttribute('data-scrolled');
  });

  it('should open the mobile menu with every section and Mi cuenta for a guest, and close it again', async () => {
    renderInRouter(<Header user={null} />);
    const button = await screen.findByRole('button', { name: 'Abrir menú' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);

    const drawer = await screen.findByRole('dialog', { name: 'Menú' });
    const links = within(within(drawer).getByRole('navigation', { name: 'Menú móvil' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Pilates Reformer',
      'Indoor Cycling',
      'Planes',
      'Estudio',
      'Beneficios',
      'Reservar',
      'Mi cuenta',
    ]);
    expect(within(drawer).getByRole('link', { name: 'Indoor Cycling' })).toHaveAttribute('href', '/cycling');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('should show the user’s name and Mi Perfil in the mobile menu when logged in', async () => {
    renderInRouter(<Header user={{ name: 'Ana López' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ana López' });
    expect(within(drawer).getByRole('link', { name: 'Mi Perfil' })).toHaveAttribute('href', '/pilates/informacion');
    expect(within(drawer).queryByRole('link', { name: 'Mi cuenta' })).not.toBeInTheDocument();
  });

  it('should link an admin to the admin area in the header and the mobile menu', async () => {
    renderInRouter(<Header user={{ name: 'Sofía Ruiz', role: 'admin' }} />);
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Administrador' })).toHaveAttribute('href', '/pilates/panel');
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('dialog', { name: 'Sofía Ruiz' });
    expect(within(drawer).getByRole('link', { name: 'Administrador' })).toHaveAttribute('href', '/pilates/panel');
  });

  it('should not show the admin link to a client', async () => {
    renderInRouter(<Header user={{ name: 'Ana López', role: 'user' }} />);
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).queryByRole('link', { name: 'Administrador' })).not.toBeInTheDocument();
  });
});
