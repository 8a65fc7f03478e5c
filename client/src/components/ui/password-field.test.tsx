import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('switches the input between password and text', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Contraseña" />);
    const input = screen.getByLabelText('Contraseña');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('toggles each field independently', async () => {
    const user = userEvent.setup();
    render(
      <>
        <PasswordField label="Contraseña" />
        <PasswordField label="Confirmar contraseña" autoComplete="new-password" />
      </>,
    );
    const first = screen.getByLabelText('Contraseña');
    const second = screen.getByLabelText('Confirmar contraseña');
    const [, secondToggle] = screen.getAllByRole('button', { name: 'Mostrar contraseña' });

    await user.click(secondToggle!);

    expect(second).toHaveAttribute('type', 'text');
    expect(first).toHaveAttribute('type', 'password');
    expect(secondToggle).toHaveAttribute('aria-controls', second.id);
    expect(screen.getAllByRole('button', { name: 'Mostrar contraseña' })).toHaveLength(1);
  });
});
