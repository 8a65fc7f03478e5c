// Inside a <form> Radix adds a hidden native input whose size it measures with ResizeObserver.
import './test-polyfills';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

function Controlled({ onChange }: { onChange: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label="Acepto el reglamento"
      checked={checked}
      onCheckedChange={(next) => {
        setChecked(next);
        onChange(next);
      }}
    />
  );
}

describe('Checkbox', () => {
  it('toggles when the box or its label is clicked and reports a boolean', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Acepto el reglamento' });
    expect(box).not.toBeChecked();

    await user.click(box);
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByText('Acepto el reglamento'));
    expect(box).not.toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('shows its error and links it with aria-describedby', () => {
    render(<Checkbox label="Acepto el reglamento" error="Debes aceptar el reglamento." />);
    const box = screen.getByRole('checkbox', { name: 'Acepto el reglamento' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Debes aceptar el reglamento.');
  });

  it('has no error wiring without an error', () => {
    render(<Checkbox label="Acepto el reglamento" />);
    const box = screen.getByRole('checkbox', { name: 'Acepto el reglamento' });
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(box).not.toHaveAttribute('aria-describedby');
  });

  it('works with react-hook-form Controller', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    function Form() {
      const { control, handleSubmit } = useForm<{ terms: boolean }>({ defaultValues: { terms: false } });
      return (
        <form onSubmit={handleSubmit((values) => onSubmit(values))}>
          <Controller
            control={control}
            name="terms"
            render={({ field }) => (
              <Checkbox
                label="Acepto el reglamento"
                name={field.name}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <button type="submit">Enviar</button>
        </form>
      );
    }
    render(<Form />);

    await user.click(screen.getByRole('checkbox', { name: 'Acepto el reglamento' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(onSubmit).toHaveBeenCalledWith({ terms: true });
  });
});
