import '@/components/ui/test-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WhatsAppConsentResponseDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { WHATSAPP_HINT, WHATSAPP_OFF_MESSAGE, WHATSAPP_ON_MESSAGE, WhatsAppNotices } from './whatsapp-notices';

const URL = '/api/informacion/whatsapp';
const BAJA = '/api/informacion/whatsapp-baja';
const TEXT = 'Recibir por WhatsApp confirmaciones, recordatorios y avisos de mis clases';

const none: WhatsAppConsentResponseDto = { success: true, text: TEXT, textVersion: 1, whatsapp: null };
const given: WhatsAppConsentResponseDto = {
  ...none,
  whatsapp: {
    phone: '+527221234567',
    phoneDisplay: '+52 722 123 4567',
    textVersion: 1,
    consentedAt: '2026-11-27T18:00:00.000Z',
  },
};

describe('WhatsAppNotices', () => {
  it("should offer the checkbox with the server's text and the number, and save them", async () => {
    const onChanged = vi.fn();
    let current = none;
    const fetchMock = stubApi({
      [URL]: (body) => {
        if (body !== undefined) current = given;
        return { status: 200, body: current };
      },
    });
    renderPage(<WhatsAppNotices onChanged={onChanged} />);

    const box = await screen.findByRole('checkbox', { name: TEXT });
    expect(screen.getByText(WHATSAPP_HINT)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Tu celular' }), '044 722 123 4567');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Recibir avisos por WhatsApp' }));

    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith(WHATSAPP_ON_MESSAGE));
    expect(bodiesSentTo(fetchMock, URL).filter(Boolean)).toEqual([{ phone: '044 722 123 4567', consent: true }]);
    expect(await screen.findByText('+52 722 123 4567')).toBeInTheDocument();
  });

  it("should show the server's refusal under the number", async () => {
    stubApi({
      [URL]: (body) =>
        body === undefined
          ? { status: 200, body: none }
          : {
              status: 400,
              body: {
                success: false,
                code: 'VALIDATION_ERROR',
                error: { phone: ['Por ahora solo enviamos WhatsApp a celulares de México (+52).'] },
              },
            },
    });
    renderPage(<WhatsAppNotices onChanged={() => undefined} />);

    await userEvent.type(await screen.findByRole('textbox', { name: 'Tu celular' }), '+1 415 555 0100');
    await userEvent.click(screen.getByRole('checkbox', { name: TEXT }));
    await userEvent.click(screen.getByRole('button', { name: 'Recibir avisos por WhatsApp' }));

    const field = screen.getByRole('textbox', { name: 'Tu celular' });
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Por ahora solo enviamos WhatsApp a celulares de México (+52).'),
    );
  });

  it('should show the number in use and stop in one click', async () => {
    const onChanged = vi.fn();
    let current = given;
    const fetchMock = stubApi({
      [URL]: () => ({ status: 200, body: current }),
      [BAJA]: () => {
        current = none;
        return { status: 200, body: none };
      },
    });
    renderPage(<WhatsAppNotices onChanged={onChanged} />);

    expect(await screen.findByText('+52 722 123 4567')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dejar de recibir avisos por WhatsApp' }));

    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith(WHATSAPP_OFF_MESSAGE));
    expect(bodiesSentTo(fetchMock, BAJA)).toHaveLength(1);
    expect(await screen.findByRole('checkbox', { name: TEXT })).not.toBeChecked();
  });
});
