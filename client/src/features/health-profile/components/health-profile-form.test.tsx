import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HealthProfileDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import {
  ANSWER_REQUIRED_MESSAGE,
  CONSENT_REQUIRED_MESSAGE,
  HealthProfileForm,
  PRIVACY_NOTICE_URL,
  SENSITIVE_CONSENT_TEXT,
} from './health-profile-form';

const URL = '/api/informacion/health';

const saved: HealthProfileDto = {
  userId: 7,
  hasInjuries: true,
  injuries: 'Rodilla derecha',
  recentSurgery: false,
  surgery: '',
  pregnant: false,
  pregnancyWeeks: null,
  heartOrBloodPressure: false,
  otherConditions: '',
  emergencyName: 'María López',
  emergencyPhone: '+527221234567',
  emergencyPhoneDisplay: '+52 722 123 4567',
  emergencyRelationship: 'Mamá',
  needsAttention: true,
  consentedAt: '2026-11-27T18:00:00.000Z',
  updatedAt: '2026-11-27T18:00:00.000Z',
};

const answer = async (question: RegExp, label: 'Sí' | 'No') =>
  userEvent.click(within(screen.getByRole('group', { name: question })).getByRole('radio', { name: label }));

async function fillAllButConsent() {
  await answer(/lesión o dolor/, 'Sí');
  await userEvent.type(screen.getByRole('textbox', { name: /¿Cuál\?/ }), 'Rodilla derecha');
  await answer(/Te operaron/, 'No');
  await answer(/embarazada/, 'No');
  await answer(/corazón/, 'No');
  await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'María López');
  await userEvent.type(screen.getByRole('textbox', { name: /Teléfono/ }), '722 123 4567');
  await userEvent.type(screen.getByRole('textbox', { name: /Parentesco/ }), 'Mamá');
}

describe('HealthProfileForm', () => {
  it('should not send without the express consent, and say why', async () => {
    const fetchMock = stubApi({ [URL]: () => ({ status: 200, body: { success: true, profile: saved } }) });
    renderPage(<HealthProfileForm profile={null} onSaved={() => undefined} />);
    await screen.findByRole('button', { name: 'Guardar' });
    await fillAllButConsent();
    const consent = screen.getByRole('checkbox', { name: new RegExp(SENSITIVE_CONSENT_TEXT.slice(0, 40)) });
    expect(screen.getByRole('link', { name: 'Leer el aviso de privacidad' })).toHaveAttribute(
      'href',
      PRIVACY_NOTICE_URL,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(consent).toHaveAccessibleDescription(expect.stringContaining(CONSENT_REQUIRED_MESSAGE));
    expect(bodiesSentTo(fetchMock, URL)).toEqual([]);
  });

  it('should ask for the detail of a yes and an answer to each question', async () => {
    const fetchMock = stubApi({});
    renderPage(<HealthProfileForm profile={null} onSaved={() => undefined} />);
    await screen.findByRole('button', { name: 'Guardar' });
    await answer(/lesión o dolor/, 'Sí');
    await answer(/embarazada/, 'Sí');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(screen.getByRole('textbox', { name: /¿Cuál\?/ })).toHaveAccessibleDescription(
      expect.stringContaining('Cuéntanos qué lesión o dolor tienes.'),
    );
    expect(screen.getByRole('textbox', { name: /¿Cuántas semanas\?/ })).toHaveAccessibleDescription(
      expect.stringContaining('Escribe las semanas de embarazo (de 1 a 42).'),
    );
    expect(screen.getByRole('group', { name: /Te operaron/ })).toHaveAccessibleDescription(ANSWER_REQUIRED_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should send every answer with the consent and hand back the saved profile', async () => {
    const onSaved = vi.fn();
    const fetchMock = stubApi({ [URL]: () => ({ status: 200, body: { success: true, profile: saved } }) });
    renderPage(<HealthProfileForm profile={null} onSaved={onSaved} />);
    await screen.findByRole('button', { name: 'Guardar' });
    await fillAllButConsent();
    await userEvent.click(screen.getByRole('checkbox', { name: new RegExp(SENSITIVE_CONSENT_TEXT.slice(0, 40)) }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(bodiesSentTo(fetchMock, URL)).toEqual([
      {
        hasInjuries: true,
        injuries: 'Rodilla derecha',
        recentSurgery: false,
        surgery: '',
        pregnant: false,
        heartOrBloodPressure: false,
        otherConditions: '',
        emergencyName: 'María López',
        emergencyPhone: '722 123 4567',
        emergencyRelationship: 'Mamá',
        sensitiveDataConsent: true,
      },
    ]);
  });
});
