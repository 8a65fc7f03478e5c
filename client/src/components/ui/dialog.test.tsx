import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

function Harness({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Abrir</Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange(next);
        }}
        title="Cancelar reserva"
        description="La clase del lunes a las 7:00."
        footer={<Button>Confirmar</Button>}
      >
        <label>
          Motivo
          <input />
        </label>
      </Dialog>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  const onOpenChange = vi.fn();
  render(<Harness onOpenChange={onOpenChange} />);
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  return { user, onOpenChange, dialog: screen.getByRole('dialog') };
}

describe('Dialog', () => {
  it('is labelled by its title and described by its description', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleName('Cancelar reserva');
    expect(dialog).toHaveAccessibleDescription('La clase del lunes a las 7:00.');
  });

  it('has no dangling aria-describedby without a description', () => {
    const warn = vi.spyOn(console, 'warn');
    render(
      <Dialog open onOpenChange={() => undefined} title="Aviso">
        <p>Texto</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Aviso' });
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect(warn).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { user, onOpenChange } = await openDialog();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the "Cerrar" button and returns focus to the opener', async () => {
    const { user, onOpenChange } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus();
  });

  it('traps focus inside', async () => {
    const { user, dialog } = await openDialog();
    // Focus starts on the first field, not on the close button.
    expect(screen.getByRole('textbox', { name: 'Motivo' })).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Motivo' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();

    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('returns focus to the opener after Escape even when its content took the focus as it opened', async () => {
    // Like the purchase dialog's summary: its title takes the focus when it appears.
    function FocusedTitle() {
      const ref = useRef<HTMLHeadingElement>(null);
      useEffect(() => ref.current?.focus(), []);
      return (
        <h3 ref={ref} tabIndex={-1}>
          Resumen
        </h3>
      );
    }
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Comprar</Button>
          <Dialog open={open} onOpenChange={setOpen} title="Contrata un plan">
            <FocusedTitle />
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Comprar' }));
    expect(await screen.findByRole('heading', { name: 'Resumen' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comprar' })).toHaveFocus();
  });
});
