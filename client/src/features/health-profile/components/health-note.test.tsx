import '@/components/ui/test-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { preloadDialog } from '@/components/ui/dialog';
import { renderPage, stubApi } from '@/test/page-test-utils';
import { HEALTH_NOTE_LABEL, HealthNote } from './health-note';

describe('HealthNote', () => {
  it("should open the client's health notes on demand, read from the class's roster", async () => {
    await preloadDialog();
    const fetchMock = stubApi({
      '/api/health-profiles/7?classId=31': () => ({
        status: 200,
        body: {
          success: true,
          profile: {
            userId: 7,
            hasInjuries: false,
            injuries: '',
            recentSurgery: false,
            surgery: '',
            pregnant: true,
            pregnancyWeeks: 20,
            heartOrBloodPressure: false,
            otherConditions: 'Asma leve',
            emergencyName: 'María López',
            emergencyPhone: '+527221234567',
            emergencyPhoneDisplay: '+52 722 123 4567',
            emergencyRelationship: 'Mamá',
            needsAttention: true,
            consentedAt: '2026-11-27T18:00:00.000Z',
            updatedAt: '2026-11-27T18:00:00.000Z',
          },
        },
      }),
    });
    renderPage(<HealthNote userId={7} name="Ana López" classId={31} />);

    const marker = await screen.findByRole('button', { name: HEALTH_NOTE_LABEL });
    // Nothing is read (nor logged) until the marker is activated.
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(marker);

    const dialog = await screen.findByRole('dialog', { name: 'Notas de salud de Ana López' });
    expect(dialog).toBeInTheDocument();
    expect(await screen.findByText('Sí: 20 semanas')).toBeInTheDocument();
    expect(screen.getByText('Asma leve')).toBeInTheDocument();
    expect(screen.getByText('María López (Mamá), +52 722 123 4567')).toBeInTheDocument();
  });
});
