import '@/components/ui/test-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, renderWithClient, sentRequest, stubFetch } from '../test-utils';
import { FUTURE_BIRTH_DATE_MESSAGE } from '@/lib/birth-date';
import { WHATSAPP_CONSENT_LABEL, WHATSAPP_NUMBER_MESSAGE } from '../schemas';
import { MARKETING_CONSENT_LABEL, RegisterForm } from './register-form';

function renderRegister() {
  const onSuccess = vi.fn();
  const view = renderWithClient(<RegisterForm onSuccess={onSuccess} />);
  return { ...view, onSuccess };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Registrarse' }));

interface FillValues {
  name?: string;
  email?: string;
  cumpleanos?: string;
  password?: string;
  confirmPassword?: string;
  terms?: boolean;
}

async function fill({
  name = 'Ana López',
  email = 'ana@example.com',
  cumpleanos = '1990-05-17',
  password = 'una-clave-segura',
  confirmPassword = password,
  terms = true,
}: FillValues = {}) {
  if (name) await userEvent.type(screen.getByLabelText('Nombre'), name);
  if (email) await userEvent.type(screen.getByLabelText('Correo Electrónico'), email);
  if (cumpleanos) await userEvent.type(screen.getByLabelText('Fecha de nacimiento'), cumpleanos);
  if (password) await userEvent.type(screen.getByLabelText('Contraseña'), password);
  if (confirmPassword) await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), confirmPassword);
  if (terms) await userEvent.click(screen.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }));
}

describe('RegisterForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show every required message on an empty submit and send nothing', async () => {
    const fetchMock = stubFetch(201, { success: true, user: ana });
    renderRegister();
    await submit();
    for (const message of [
      'El nombre es obligatorio',
      'El email es obligatorio',
      'El cumpleaños es obligatorio',
      'La contraseña es obligatoria',
      'Confirma tu contraseña',
      'Debes aceptar los términos y condiciones',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: /Acepto/ })).toHaveAccessibleDescription(
      'Debes aceptar los términos y condiciones',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should refuse an invalid email and passwords shorter than 8 characters', async () => {
    const fetchMock = stubFetch(201, { success: true, user: ana });
    renderRegister();
    await fill({ email: 'ana@', password: '1234567' });
    await submit();
    expect(await screen.findByText('El correo no es válido')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(/Debe tener al menos 8 caracteres/);
    expect(screen.getByLabelText('Confirmar Contraseña')).toHaveAccessibleDescription(
      'Debe tener al menos 8 caracteres',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should refuse different passwords under the confirmation', async () => {
    const fetchMock = stubFetch(201, { success: true, user: ana });
    renderRegister();
    await fill({ password: 'una-clave-segura', confirmPassword: 'otra-clave-segura' });
    await submit();
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmar Contraseña')).toHaveAccessibleDescription('Las contraseñas no coinciden');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should require accepting the terms', async () => {
    const fetchMock = stubFetch(201, { success: true, user: ana });
    renderRegister();
    await fill({ terms: false });
    await submit();
    expect(await screen.findByText('Debes aceptar los términos y condiciones')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    // Ticking the box afterwards clears the message (validation on change after the first submit).
    await userEvent.click(screen.getByRole('checkbox', { name: /Acepto/ }));
    expect(screen.queryByText('Debes aceptar los términos y condiciones')).not.toBeInTheDocument();
  });

  it('should send exactly the form with the CSRF header, store the user and report it', async () => {
    const fetchMock = stubFetch(201, { success: true, user: ana });
    const { onSuccess, sessionUser } = renderRegister();
    await fill();
    await submit();
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(ana));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const sent = sentRequest(fetchMock);
    expect(sent.url).toBe('/api/auth/register');
    expect(sent.body).toStrictEqual({
      name: 'Ana López',
      email: 'ana@example.com',
      cumpleanos: '1990-05-17',
      password: 'una-clave-segura',
      confirmPassword: 'una-clave-segura',
      terms: true,
      // Promotions: off unless asked for.
      marketingConsent: false,
    });
    expect(sent.headers.get('X-Requested-With')).toBe('pilates-web');
    expect(sessionUser()).toEqual(ana);
  });

  it('should send the WhatsApp consent with the number only when the box is ticked, and ask for the number', async () => {
    const fetchMock = stubFetch(201, { success: true, user: ana });
    renderRegister();
    await fill();
    expect(screen.queryByLabelText('Tu celular')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: `${WHATSAPP_CONSENT_LABEL} (opcional)` }));
    await submit();
    expect(await screen.findByText(WHATSAPP_NUMBER_MESSAGE)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Tu celular'), '722 123 4567');
    await submit();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentRequest(fetchMock).body).toMatchObject({ whatsappConsent: true, whatsapp: '722 123 4567', terms: true });
  });

  it('should show the consent the server records (the register call names it in the API document)', () => {
    const registerDto = readFileSync(resolve(__dirname, '../../../api/generated/model/registerDto.ts'), 'utf8');
    expect(registerDto).toContain(`Acepta «${WHATSAPP_CONSENT_LABEL}»`);
  });

  it('should toggle each password field on its own', async () => {
    renderRegister();
    const password = screen.getByLabelText('Contraseña');
    const confirm = screen.getByLabelText('Confirmar Contraseña');
    const [showPassword, showConfirm] = screen.getAllByRole('button', { name: 'Mostrar contraseña' });
    expect(password).toHaveAttribute('type', 'password');
    expect(confirm).toHaveAttribute('type', 'password');

    await userEvent.click(showPassword!);
    expect(password).toHaveAttribute('type', 'text');
    expect(confirm).toHaveAttribute('type', 'password');

    await userEvent.click(showConfirm!);
    await userEvent.click(screen.getAllByRole('button', { name: 'Ocultar contraseña' })[0]!);
    expect(password).toHaveAttribute('type', 'password');
    expect(confirm).toHaveAttribute('type', 'text');
  });

  it('should show a taken email once, under the email field, storing nothing', async () => {
    stubFetch(409, {
      success: false,
      code: 'EMAIL_TAKEN',
      error: { email: ['Ya existe una cuenta con ese correo'] },
    });
    const { onSuccess, sessionUser } = renderRegister();
    await fill();
    await submit();
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Correo Electrónico')).toHaveAccessibleDescription(
        'Ya existe una cuenta con ese correo',
      ),
    );
    expect(screen.getAllByText('Ya existe una cuenta con ese correo')).toHaveLength(1);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(sessionUser()).toBeUndefined();
  });

  it('should send the promotions opt-in, off by default, as marketingConsent when ticked', async () => {
    const fetchMock = stubFetch(201, { success: true, user: ana });
    renderRegister();
    await fill();
    const promotions = screen.getByRole('checkbox', { name: `${MARKETING_CONSENT_LABEL} (opcional)` });
    expect(promotions).not.toBeChecked();
    await userEvent.click(promotions);
    await submit();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentRequest(fetchMock).body).toMatchObject({ marketingConsent: true, terms: true });
  });

  it('should name and link the versions in force of the terms and the privacy notice, and show the notice given', () => {
    renderWithClient(
      <RegisterForm
        onSuccess={vi.fn()}
        versionsInForce={{ terms: 2, privacy: 3 }}
        notice={<p>Aviso corto del estudio</p>}
      />,
    );
    expect(
      screen.getByRole('checkbox', {
        name: 'Acepto los términos y condiciones (versión 2) y el aviso de privacidad (versión 3)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'términos y condiciones (versión 2)' })).toHaveAttribute(
      'href',
      '/pilates/terminos?version=2',
    );
    const privacy = screen.getByRole('link', { name: 'aviso de privacidad (versión 3)' });
    expect(privacy).toHaveAttribute('href', '/pilates/aviso-de-privacidad?version=3');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Aviso corto del estudio')).toBeInTheDocument();
  });

  it('should open the terms in a new tab and give proper autocomplete hints', () => {
    renderRegister();
    const terms = screen.getByRole('link', { name: 'términos y condiciones' });
    expect(terms).toHaveAttribute('href', '/pilates/terminos');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Correo Electrónico')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAttribute('autocomplete', 'bday');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirmar Contraseña')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('should refuse a birth date after today in the browser, under the field', async () => {
    const fetchMock = stubFetch(201, {});
    renderRegister();
    await fill({ cumpleanos: '2999-01-01' });
    await submit();
    expect(await screen.findByText(FUTURE_BIRTH_DATE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAccessibleDescription(FUTURE_BIRTH_DATE_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should show the server birth-date message once, under the field, never with its key', async () => {
    stubFetch(400, {
      success: false,
      code: 'VALIDATION_ERROR',
      error: { cumpleanos: ['La fecha de nacimiento no es válida.'] },
    });
    renderRegister();
    await fill();
    await submit();
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAccessibleDescription(
        'La fecha de nacimiento no es válida.',
      ),
    );
    expect(screen.getAllByText('La fecha de nacimiento no es válida.')).toHaveLength(1);
    expect(screen.queryByText(/cumpleanos/)).not.toBeInTheDocument();
  });
});
