import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, sentRequest, stubFetch } from '../test-utils';
import { ResetPasswordForm } from './reset-password-form';

function renderReset() {
  const onSuccess = vi.fn();
  renderWithClient(
    <ResetPasswordForm
      token="abc123"
      onSuccess={onSuccess}
      requestNewLink={<a href="/pilates/forgot-password">Solicitar un nuevo enlace</a>}
    />,
  );
  return onSuccess;
}

async function fillAndSubmit(password: string, confirmation: string) {
  if (password) await userEvent.type(screen.getByLabelText('Nueva contraseña'), password);
  if (confirmation) await userEvent.type(screen.getByLabelText('Confirmar contraseña'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('ResetPasswordForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show the required messages on an empty submit', async () => {
    const fetchMock = stubFetch(200, { success: true });
    renderReset();
    await fillAndSubmit('', '');
    expect(await screen.findByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(screen.getByText('La comprobación de la contraseña es obligatoria')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should refuse a password shorter than 8 characters', async () => {
    const fetchMock = stubFetch(200, { success: true });
    renderReset();
    await fillAndSubmit('1234567', '1234567');
    expect(await screen.findByText('Debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should refuse a password of only spaces', async () => {
    const fetchMock = stubFetch(200, { success: true });
    renderReset();
    await fillAndSubmit('        ', '        ');
    expect(await screen.findByText('La contraseña no puede ser solo espacios')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should block sending when the confirmation differs', async () => {
    const fetchMock = stubFetch(200, { success: true });
    const onSuccess = renderReset();
    await fillAndSubmit('nueva-clave-1', 'nueva-clave-2');
    expect(await screen.findByText('La contraseña no coincide')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmar contraseña')).toHaveAccessibleDescription('La contraseña no coincide');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('should send the token and the password when both match', async () => {
    const fetchMock = stubFetch(200, { success: true });
    const onSuccess = renderReset();
    await fillAndSubmit('nueva-clave-1', 'nueva-clave-1');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const sent = sentRequest(fetchMock);
    expect(sent.url).toBe('/api/reset-password');
    expect(sent.body).toStrictEqual({ token: 'abc123', password: 'nueva-clave-1' });
    expect(sent.headers.get('X-Requested-With')).toBe('pilates-web');
  });

  it('should explain an invalid link and offer a new one', async () => {
    stubFetch(400, {
      success: false,
      code: 'RESET_TOKEN_INVALID',
      error: 'El enlace no es válido o ya expiró. Solicita uno nuevo.',
    });
    const onSuccess = renderReset();
    await fillAndSubmit('nueva-clave-1', 'nueva-clave-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace no es válido o ya expiró.');
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute(
      'href',
      '/pilates/forgot-password',
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('should not offer a new link for other errors', async () => {
    stubFetch(500, { success: false, code: 'INTERNAL_ERROR', error: 'Ocurrió un error inesperado.' });
    renderReset();
    await fillAndSubmit('nueva-clave-1', 'nueva-clave-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocurrió un error inesperado.');
    expect(screen.queryByRole('link', { name: 'Solicitar un nuevo enlace' })).not.toBeInTheDocument();
  });
});
