import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@/test/page-test-utils';
import { ShortNotice } from './components/short-notice';

const NOTICE = {
  success: true,
  kind: 'aviso-corto',
  version: 1,
  publishedAt: '2026-11-02T18:00:00.000Z',
  summary: 'Primera versión',
  text: 'Studio Pilates usa tus datos para tus reservas y pagos.',
};

describe('ShortNotice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show the published short notice with a link to the full one', async () => {
    stubApi({
      '/api/legal/aviso-corto/versions': () => ({
        status: 200,
        body: { success: true, versions: [{ version: 1, publishedAt: NOTICE.publishedAt, summary: NOTICE.summary }] },
      }),
      '/api/legal/aviso-corto': () => ({ status: 200, body: NOTICE }),
    });
    renderPage(<ShortNotice />);
    const notice = await screen.findByRole('complementary', { name: 'Aviso de privacidad' });
    expect(notice).toHaveTextContent(NOTICE.text);
    expect(screen.getByRole('link', { name: 'Lee el aviso de privacidad completo' })).toHaveAttribute(
      'href',
      '/pilates/aviso-de-privacidad',
    );
  });

  it('should show nothing, and not ask for the text (a 404 in the console), while no short notice is published', async () => {
    const fetchMock = stubApi({
      '/api/legal/aviso-corto/versions': () => ({ status: 200, body: { success: true, versions: [] } }),
    });
    renderPage(<ShortNotice />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary', { name: 'Aviso de privacidad' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => url);
    expect(asked).toEqual(['/api/legal/aviso-corto/versions']);
  });
});
