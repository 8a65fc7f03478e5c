import './test-polyfills';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select';

const options = [
  { value: 'morning', label: 'Mañana' },
  { value: 'evening', label: 'Tarde' },
];

function Harness({ onChange, error }: { onChange: (value: string) => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <Select
      label="Horario"
      options={options}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      placeholder="Elige un horario"
      error={error}
    />
  );
}

describe('Select', () => {
  it('is labelled, shows the placeholder and picks an option with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Horario' });
    expect(trigger).toHaveTextContent('Elige un horario');

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onChange).toHaveBeenCalledWith('evening');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('Tarde');
  });

  it('links its error with aria-describedby', () => {
    render(<Harness onChange={() => undefined} error="Elige un horario." />);
    const trigger = screen.getByRole('combobox', { name: 'Horario' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Elige un horario.');
  });
});
