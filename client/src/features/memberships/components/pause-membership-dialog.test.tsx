import '@/components/ui/test-polyfills';
import { addDays } from '@pilates/dates';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentStudioDay } from '@/lib/studio-clock';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { PauseMembershipDialog, pausedMessage } from './pause-membership-dialog';
import { activeMembership } from './test-data';

const PAUSE = '/api/informacion/membership/pause';

const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('PauseMembershipDialog', () => {
  afterEach(() => vi.unstubAllGlobals());
  const today = currentStudioDay();

  it('should propose seven days from tomorrow, say the days left, and pause', async () => {
    const fetchMock = stubApi({ [PAUSE]: () => ({ status: 200, body: activeMembership() }) });
    const openChange = vi.fn();
    renderPage(
      <PauseMembershipDialog
        open
        onOpenChange={openChange}
        membership={activeMembership({ pauseDaysLeftThisYear: 23 })}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pausar tu membresía' });
    expect(dialog).toHaveTextContent('Mínimo 7 días. Te quedan 23 días de pausa este año.');
    expect(within(dialog).getByLabelText(/^Desde/)).toHaveValue(addDays(today, 1));
    expect(within(dialog).getByLabelText(/^Hasta/)).toHaveValue(addDays(today, 7));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText(pausedMessage(addDays(today, 1), addDays(today, 7)))).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PAUSE)).toEqual([{ from: addDays(today, 1), to: addDays(today, 7) }]);
    expect(openChange).toHaveBeenCalledWith(false);
  });

  it('should refuse fewer than seven days under the end date, without asking the server', async () => {
    const fetchMock = stubApi({});
    renderPage(<PauseMembershipDialog open onOpenChange={() => {}} membership={activeMembership()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Pausar tu membresía' });
    setDate('Hasta', addDays(today, 3));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(within(dialog).getByLabelText(/^Hasta/)).toHaveAccessibleDescription('La pausa dura al menos 7 días.');
    expect(bodiesSentTo(fetchMock, PAUSE)).toEqual([]);
  });

  it("should show the server's PAUSE_LIMIT_REACHED under the end date", async () => {
    stubApi({
      [PAUSE]: () => ({
        status: 409,
        body: {
          success: false,
          code: 'PAUSE_LIMIT_REACHED',
          error: 'Con esa pausa pasarías los días de pausa que permite el estudio este año.',
        },
      }),
    });
    renderPage(<PauseMembershipDialog open onOpenChange={() => {}} membership={activeMembership()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Pausar tu membresía' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    const to = within(dialog).getByLabelText(/^Hasta/);
    await vi.waitFor(() =>
      expect(to).toHaveAccessibleDescription(
        'Con esa pausa pasarías los días de pausa que permite el estudio este año.',
      ),
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
  });

  it("should show the server's PAUSE_TOO_SHORT under the end date, and another refusal above the buttons", async () => {
    let answer = { code: 'PAUSE_TOO_SHORT', error: 'La pausa debe ser de al menos 7 días.', status: 400 };
    stubApi({
      [PAUSE]: () => ({ status: answer.status, body: { success: false, code: answer.code, error: answer.error } }),
    });
    renderPage(<PauseMembershipDialog open onOpenChange={() => {}} membership={activeMembership()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Pausar tu membresía' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText(/^Hasta/)).toHaveAccessibleDescription(
        'La pausa debe ser de al menos 7 días.',
      ),
    );
    answer = {
      code: 'MEMBERSHIP_NOT_ACTIVE',
      error: 'Solo una membresía activa (pagada y sin pausa ni pago pendiente) se puede pausar.',
      status: 409,
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Solo una membresía activa');
  });
});
