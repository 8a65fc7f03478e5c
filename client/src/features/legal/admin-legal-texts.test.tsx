import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { AdminLegalTexts } from './components/admin-legal-texts';
import { ACCEPTANCE_WARNING } from './components/publish-legal-dialog';

const TERMS_V1 = {
  success: true,
  kind: 'terminos',
  version: 1,
  publishedAt: '2026-11-02T18:00:00.000Z',
  summary: 'Primera versión',
  text: '## Uso del sitio\nAl reservar aceptas estos términos.',
};
const notFound = { status: 404, body: { success: false, code: 'LEGAL_DOCUMENT_NOT_FOUND', error: 'No publicado' } };
const PUBLISH = '/api/admin/legal/publish';

function stub() {
  let terms = [TERMS_V1];
  const latest = () => terms[terms.length - 1];
  return stubApi({
    '/api/legal/terminos': () => ({ status: 200, body: latest() }),
    '/api/legal/terminos/versions': () => ({
      status: 200,
      body: {
        success: true,
        versions: [...terms].reverse().map(({ version, publishedAt, summary }) => ({ version, publishedAt, summary })),
      },
    }),
    '/api/legal/privacidad': () => notFound,
    '/api/legal/privacidad/versions': () => notFound,
    '/api/legal/aviso-corto': () => notFound,
    '/api/legal/aviso-corto/versions': () => notFound,
    [PUBLISH]: (body) => {
      const sent = body as { kind: string; summary: string; text: string };
      const published = { ...sent, success: true, version: 2, publishedAt: '2026-11-28T16:00:00.000Z' };
      terms = [...terms, published as typeof TERMS_V1];
      return { status: 200, body: published };
    },
  });
}

describe('AdminLegalTexts («Textos legales»)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show each text in force or unpublished, with its versions linked', async () => {
    stub();
    renderPage(<AdminLegalTexts />);
    const terms = await screen.findByRole('region', { name: 'Términos y condiciones' });
    expect(await within(terms).findByText('Versión 1, vigente desde el 2 de noviembre de 2026.')).toBeInTheDocument();
    expect(within(terms).getByRole('link', { name: 'Versión 1' })).toHaveAttribute(
      'href',
      '/pilates/terminos?version=1',
    );
    const privacy = screen.getByRole('region', { name: 'Aviso de privacidad' });
    expect(
      await within(privacy).findByText('Aún no publicas una versión: el sitio muestra el borrador.'),
    ).toBeInTheDocument();
  });

  it('should publish a new version from the text in force, after saying clients will be asked to accept it', async () => {
    const fetchMock = stub();
    renderPage(<AdminLegalTexts />);
    const terms = await screen.findByRole('region', { name: 'Términos y condiciones' });
    await within(terms).findByText('Versión 1, vigente desde el 2 de noviembre de 2026.');
    await userEvent.click(within(terms).getByRole('button', { name: 'Publicar nueva versión' }));

    const dialog = await screen.findByRole('dialog', { name: 'Publicar nueva versión: Términos y condiciones' });
    const text = within(dialog).getByLabelText('Texto');
    expect(text).toHaveValue(TERMS_V1.text);
    expect(text).toHaveAccessibleDescription(/«## » es un subtítulo/);
    // Nothing goes without a summary.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(await within(dialog).findByText('Escribe qué cambió')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Resumen de cambios'), 'Nueva política de cancelación');
    await userEvent.type(text, '\n\nCancela con 12 horas.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ACCEPTANCE_WARNING);
    expect(bodiesSentTo(fetchMock, PUBLISH)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, publicar' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, PUBLISH)).toEqual([
        {
          kind: 'terminos',
          summary: 'Nueva política de cancelación',
          text: `${TERMS_V1.text}\n\nCancela con 12 horas.`,
        },
      ]),
    );
    expect(await within(terms).findByText('Versión 2, vigente desde el 28 de noviembre de 2026.')).toBeInTheDocument();
    expect(within(terms).getByRole('link', { name: 'Versión 1' })).toBeInTheDocument();
    expect(within(terms).getByRole('link', { name: 'Versión 2' })).toBeInTheDocument();
  });
});
