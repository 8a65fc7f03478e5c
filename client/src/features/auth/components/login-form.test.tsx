import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, renderWithClient, sentRequest, stubFetch, stubPendingFetch } from '../test-utils';
import { LoginForm } from './login-form';

function renderLogin() {
  const onSuccess = vi.fn();
  const view = renderWithClient(
    <LoginForm
      onSuccess={onSuccess}
      forgotPasswordLink={<a href="/pilates/forgot-password">¿Olvidaste tu contraseña?</a>}
    />,
  );
  return { ...view, onSuccess };
}

async function fillAndSubmit(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Correo Electrónico'), email);
  if (password) await userEvent.type(screen.getByLabelText('Contraseña'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
}

describe('LoginForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show the required messages on an empty submit and send nothing', async () => {
    const fetchMock = stubFetch(200, { success: true, user: ana });
    renderLogin();
    await fillAndSubmit('', '');
    expect(await screen.findByText('El email es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo Electrónico')).toHaveAccessibleDescription('El email es obligatorio');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should refuse an invalid email and a password shorter than 6 characters', async () => {
    const fetchMock = stubFetch(200, { success: true, user: ana });
    renderLogin();
    await fillAndSubmit('ana@', '12345');
    expect(await screen.findByText('El correo no es válido')).toBeInTheDocument();
    expect(screen.getByText('Debe tener al menos 6 caracteres')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should validate again on change once submitted', async () => {
    stubFetch(200, { success: true, user: ana });
    renderLogin();
    await fillAndSubmit('', '');
    await userEvent.type(screen.getByLabelText('Contraseña'), '123456');
    expect(screen.queryByText('La contraseña es obligatoria')).not.toBeInTheDocument();
  });

  it('should log in, store the session user and report it', async () => {
    const fetchMock = stubFetch(200, { success: true, user: ana });
    const { onSuccess, sessionUser } = renderLogin();
    await fillAndSubmit('ana@example.com', 'secreta1');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(ana));
    expect(sessionUser()).toEqual(ana);
    const sent = sentRequest(fetchMock);
    expect(sent.url).toBe('/api/auth/login');
    expect(sent.body).toEqual({ email: 'ana@example.com', password: 'secreta1' });
    expect(sent.headers.get('X-Requested-With')).toBe('pilates-web');
  });

  it('should show the button as loading while the answer is pending', async () => {
    stubPendingFetch();
    renderLogin();
    await fillAndSubmit('ana@example.com', 'secreta1');
    const button = await screen.findByRole('button', { name: /Iniciar Sesión/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it.each([
    ['a string', 'Email o contraseña incorrectos', ['Email o contraseña incorrectos']],
    ['a list', ['Primer problema', 'Segundo problema'], ['Primer problema', 'Segundo problema']],
    ['{ message }', { message: 'Demasiados intentos' }, ['Demasiados intentos']],
    // A field this form does not have: the message in words, never the field's key.
    [
      'field messages',
      { cumpleanos: ['La fecha de nacimiento no es válida.'] },
      ['La fecha de nacimiento no es válida.'],
    ],
  ])('should show a server error given as %s in red, one paragraph per message', async (_shape, error, shown) => {
    stubFetch(401, { success: false, code: 'INVALID_CREDENTIALS', error });
    const { onSuccess, sessionUser } = renderLogin();
    await fillAndSubmit('ana@example.com', 'secreta1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('text-danger');
    const paragraphs = [...alert.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(shown);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(sessionUser()).toBeUndefined();
  });

  it('should show a server message for a field once, under that field', async () => {
    stubFetch(400, { success: false, code: 'VALIDATION_ERROR', error: { email: ['El correo no es válido'] } });
    renderLogin();
    await fillAndSubmit('ana@example.com', 'secreta1');
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Correo Electrónico')).toHaveAccessibleDescription('El correo no es válido'),
    );
    expect(screen.getAllByText('El correo no es válido')).toHaveLength(1);
    expect(screen.queryByText(/email:/)).not.toBeInTheDocument();
  });

  it('should render the forgotten-password link and proper autocomplete hints', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/pilates/forgot-password',
    );
    const email = screen.getByLabelText('Correo Electrónico');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('autocomplete', 'current-password');
  });
});
