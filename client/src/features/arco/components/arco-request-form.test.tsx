import '@/components/ui/test-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { ARCO_FORM_MESSAGES, ArcoRequestForm } from './arco-request-form';

const SUBMIT = '/api/arco-request';

describe('ArcoRequestForm («Ejercer mis derechos ARCO»)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should say under each field what is missing, and send nothing', async () => {
    const fetchMock = stubApi({});
    renderPage(<ArcoRequestForm />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(ARCO_FORM_MESSAGES.name)).toBeInTheDocument();
    expect(screen.getByText(ARCO_FORM_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByText(ARCO_FORM_MESSAGES.right)).toBeInTheDocument();
    expect(screen.getByText(ARCO_FORM_MESSAGES.detail)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, SUBMIT)).toEqual([]);
  });

  it('should send the request prefilled with the account, and show the folio, the due date and the copy by e-mail', async () => {
    const fetchMock = stubApi({
      [SUBMIT]: () => ({ status: 201, body: { success: true, folio: 'ARCO-2026-0007', dueDate: '2026-12-30' } }),
    });
    renderPage(<ArcoRequestForm name="Ana López" email="ana@example.com" />);
    expect(await screen.findByRole('textbox', { name: /Nombre/ })).toHaveValue('Ana López');
    await userEvent.click(screen.getByRole('radio', { name: /Rectificación/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Detalle/ }), 'Mi apellido está mal escrito.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Tu folio es ARCO-2026-0007.');
    expect(status).toHaveTextContent('Te responderemos a más tardar el 30 de diciembre de 2026.');
    expect(status).toHaveTextContent('Te enviamos una copia con el folio a tu correo electrónico.');
    expect(bodiesSentTo(fetchMock, SUBMIT)).toEqual([
      { name: 'Ana López', email: 'ana@example.com', right: 'rectificacion', detail: 'Mi apellido está mal escrito.' },
    ]);
  });

  it("should show the server's refusal under its field", async () => {
    stubApi({
      [SUBMIT]: () => ({
        status: 400,
        body: { success: false, code: 'VALIDATION_ERROR', error: { email: ['El correo no es válido'] } },
      }),
    });
    renderPage(<ArcoRequestForm name="Ana" email="ana@example.com" />);
    await userEvent.click(await screen.findByRole('radio', { name: /Acceso/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Detalle/ }), 'Mis datos.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('El correo no es válido')).toBeInTheDocument();
  });
});
