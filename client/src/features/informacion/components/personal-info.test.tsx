import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '@/api/generated/model';
import { PersonalInfo } from './personal-info';

const ana: UserDto = {
  id: 7,
  name: 'Ana López',
  email: 'ana@example.com',
  phone: null,
  role: 'user',
  cumpleanos: '1990-05-17',
  favouriteSpot: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderInfo(onChanged = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PersonalInfo user={ana} onChanged={onChanged} />
    </QueryClientProvider>,
  );
  return onChanged;
}

describe('PersonalInfo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show the name, email and birth date in Spanish', () => {
    renderInfo();
    expect(screen.getByText('Ana López')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('17 de mayo de 1990')).toBeInTheDocument();
  });

  it('should send the changes for the own id and report the changed user', async () => {
    const changed = { ...ana, name: 'Ana María' };
    const fetchMock = vi.fn(async () => json(200, { success: true, user: changed }));
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = renderInfo();

    await userEvent.click(screen.getByRole('button', { name: 'Cambiar información' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar información' });
    const name = within(dialog).getByLabelText('Nombre');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana María');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith(changed));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/informacion/change-info-user');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ana María',
      email: 'ana@example.com',
      cumpleanos: '1990-05-17',
      id_user: 7,
    });
  });

  it('should show a server error in the dialog and under its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(409, { success: false, code: 'EMAIL_TAKEN', error: { email: ['Ya existe una cuenta con ese correo'] } }),
      ),
    );
    const onChanged = renderInfo();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar información' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
        'Ya existe una cuenta con ese correo',
      ),
    );
    // Once, under the field: no red box repeating it, no field key.
    expect(within(dialog).getAllByText('Ya existe una cuenta con ese correo')).toHaveLength(1);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('should refuse an invalid email before sending', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderInfo();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar información' }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('Correo electrónico');
    await userEvent.clear(email);
    await userEvent.type(email, 'no-es-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('El correo no es válido')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should ask for the current password only when the email changes, and send it', async () => {
    const changed = { ...ana, email: 'ana.nueva@example.com' };
    const fetchMock = vi.fn(async () => json(200, { success: true, user: changed }));
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = renderInfo();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar información' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar información' });
    expect(within(dialog).queryByLabelText('Contraseña actual')).not.toBeInTheDocument();

    const email = within(dialog).getByLabelText('Correo electrónico');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana.nueva@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Escribe tu contraseña actual')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'clave-segura-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith(changed));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      email: 'ana.nueva@example.com',
      currentPassword: 'clave-segura-1',
      id_user: 7,
    });
  });

  it('should refuse, before sending, a new password of only spaces or equal to the current one', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PersonalInfo user={ana} onChanged={vi.fn()} onPasswordChanged={vi.fn()} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'clave-segura-1');
    await userEvent.type(within(dialog).getByLabelText('Nueva contraseña'), '        ');
    await userEvent.type(within(dialog).getByLabelText('Confirmar nueva contraseña'), '        ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(dialog).findByText('La contraseña no puede ser solo espacios')).toBeInTheDocument();

    for (const label of ['Nueva contraseña', 'Confirmar nueva contraseña']) {
      await userEvent.clear(within(dialog).getByLabelText(label));
      await userEvent.type(within(dialog).getByLabelText(label), 'clave-segura-1');
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(dialog).findByText('La nueva contraseña debe ser distinta de la actual.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should change the password: check the form, send it, and show a wrong current password under its field', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(400, { success: false, code: 'CURRENT_PASSWORD_WRONG', error: 'La contraseña actual no es correcta.' }),
      )
      .mockResolvedValueOnce(json(200, { success: true }));
    vi.stubGlobal('fetch', fetchMock);
    const onPasswordChanged = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PersonalInfo user={ana} onChanged={vi.fn()} onPasswordChanged={onPasswordChanged} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await userEvent.type(within(dialog).getByLabelText('Nueva contraseña'), 'corta');
    await userEvent.type(within(dialog).getByLabelText('Confirmar nueva contraseña'), 'otra');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(dialog).findByText('Escribe tu contraseña actual')).toBeInTheDocument();
    expect(within(dialog).getByText('Debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    const fill = async (label: string, value: string) => {
      const input = within(dialog).getByLabelText(label);
      await userEvent.clear(input);
      await userEvent.type(input, value);
    };
    await fill('Contraseña actual', 'no-es-esta');
    await fill('Nueva contraseña', 'nueva-clave-9');
    await fill('Confirmar nueva contraseña', 'nueva-clave-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(dialog).findByText('La contraseña actual no es correcta.')).toBeInTheDocument();
    expect(onPasswordChanged).not.toHaveBeenCalled();

    await fill('Contraseña actual', 'clave-segura-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    await vi.waitFor(() => expect(onPasswordChanged).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/change-password');
    expect(JSON.parse(init.body as string)).toEqual({
      currentPassword: 'clave-segura-1',
      newPassword: 'nueva-clave-9',
      confirmPassword: 'nueva-clave-9',
    });
  });
});
