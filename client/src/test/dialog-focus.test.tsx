import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormDialog } from '@/components/forms/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PurchaseDialog } from '@/features/purchase';
import { renderPage, stubApi } from './page-test-utils';

// Every dialog of the site is one of these kinds: the Dialog primitive, the FormDialog around it, and
// the purchase dialog (the plans, then a summary whose title takes the focus). However one closes,
// the focus goes back to the control that opened it, so a keyboard user carries on from there.

function PlainDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Ver detalles</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Detalles">
        <p>La clase del lunes a las 7:00.</p>
      </Dialog>
    </>
  );
}

const nameSchema = z.object({ name: z.string() });

function NameFormDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Cambiar nombre</Button>
      <FormDialog
        subject={open || null}
        onClose={() => setOpen(false)}
        title="Cambiar nombre"
        schema={nameSchema}
        defaultValues={() => ({ name: 'Ana' })}
        mutation={{ mutationFn: () => Promise.resolve({ message: 'Listo' }) }}
        toRequest={(values) => values}
        fields={['name']}
        submitLabel="Guardar"
        pendingLabel="Guardando…"
      >
        {(form) => (
          <label>
            Nombre
            <input {...form.register('name')} />
          </label>
        )}
      </FormDialog>
    </>
  );
}

function Purchase({ initialPlanId }: { initialPlanId?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Comprar</Button>
      <PurchaseDialog open={open} onOpenChange={setOpen} initialPlanId={initialPlanId} onCheckoutUrl={vi.fn()} />
    </>
  );
}

const catalogue = [
  { id: 1, name: 'Una Clase', price: 220, classes: 1, commission: 9.45, total: 229.45 },
  { id: 2, name: 'Cuatro Clases', price: 800, classes: 4, commission: 31.84, total: 831.84 },
];

type Close = (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => Promise<void>;
const escape: Close = (user) => user.keyboard('{Escape}');
// The X in the corner is the last "Cerrar" of the dialog (a footer may have its own).
const closeButton: Close = async (user, dialog) =>
  user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);

async function expectFocusBack(opener: string, close: Close, ready: (dialog: HTMLElement) => Promise<unknown>) {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: opener });
  await user.click(button);
  const dialog = await screen.findByRole('dialog');
  await ready(dialog);
  await close(user, dialog);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(document.activeElement).toBe(button);
}

describe('focus after a dialog closes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['Escape', escape],
    ['the close button', closeButton],
  ])('should return to the opener of a Dialog after %s', async (_, close) => {
    renderPage(<PlainDialog />);
    await expectFocusBack('Ver detalles', close, (dialog) =>
      within(dialog).findByText('La clase del lunes a las 7:00.'),
    );
  });

  it.each([
    ['Escape', escape],
    ['the close button', closeButton],
    ['"Cancelar"', ((user, dialog) => user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))) as Close],
  ])('should return to the opener of a FormDialog after %s', async (_, close) => {
    renderPage(<NameFormDialog />);
    await expectFocusBack('Cambiar nombre', close, (dialog) =>
      within(dialog).findByRole('textbox', { name: 'Nombre' }),
    );
  });

  it.each([
    ['Escape', escape],
    ['the close button', closeButton],
    [
      '"Cerrar" in the footer',
      ((user, dialog) => user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0]!)) as Close,
    ],
  ])('should return to the opener of the purchase dialog’s plans after %s', async (_, close) => {
    stubApi({ '/api/planes/get-planes': () => ({ status: 200, body: { success: true, planes: catalogue } }) });
    renderPage(<Purchase />);
    await expectFocusBack('Comprar', close, (dialog) => within(dialog).findByRole('list', { name: 'Planes' }));
  });

  it.each([
    ['Escape', escape],
    ['the close button', closeButton],
  ])(
    'should return to the opener of the purchase summary after %s, though its title took the focus',
    async (_, close) => {
      stubApi({ '/api/planes/get-planes': () => ({ status: 200, body: { success: true, planes: catalogue } }) });
      renderPage(<Purchase initialPlanId={2} />);
      await expectFocusBack('Comprar', close, async (dialog) => {
        const title = await within(dialog).findByRole('heading', { name: 'Cuatro Clases' });
        await waitFor(() => expect(title).toHaveFocus());
      });
    },
  );
});
