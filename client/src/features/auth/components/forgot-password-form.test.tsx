import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, sentRequest, stubFetch } from '../test-utils';
import { ForgotPasswordForm } from './forgot-password-form';

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));

describe('ForgotPasswordForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should require a valid email before sending', async () => {
    const fetchMock = stubFetch(200, { success: true, message: 'Te enviamos un correo' });
    renderWithClient(<ForgotPasswordForm />);
    await submit();
    expect(await screen.findByText('El email es obligatorio')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Correo Electrónico'), 'ana@');
    expect(await screen.findByText('El correo no es válido')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should send the email and replace the form by the success panel', async () => {
    const fetchMock = stubFetch(200, { success: true, message: 'Te enviamos un correo' });
    renderWithClient(<ForgotPasswordForm />);
    const email = screen.getByLabelText('Correo Electrónico');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    await userEvent.type(email, 'ana@example.com');
    await submit();

    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent('Te enviamos un correo');
    expect(panel).toHaveTextContent(/válido durante una hora/);
    expect(screen.queryByRole('button', { name: 'Enviar enlace' })).not.toBeInTheDocument();
    const sent = sentRequest(fetchMock);
    expect(sent.url).toBe('/api/forgot-password');
    expect(sent.body).toEqual({ email: 'ana@example.com' });
  });

  it('should show a server error in red and keep the form', async () => {
    stubFetch(429, { success: false, code: 'TOO_MANY_ATTEMPTS', error: 'Demasiados intentos. Intenta más tarde.' });
    renderWithClient(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Correo Electrónico'), 'ana@example.com');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Intenta más tarde.');
    expect(screen.getByRole('button', { name: 'Enviar enlace' })).toBeInTheDocument();
    expect(screen.queryByText('Te enviamos un correo')).not.toBeInTheDocument();
  });
});
