/* Helpers shared by the booking tests: an API stub that answers by path, and a render with queries and toasts. */
import '@/components/ui/test-polyfills';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { EnrolledUserDto, RosterSlotDto, SlotDto } from '@/api/generated/model';
import { createQueryClient } from '@/api/query-client';
import { ToastProvider } from '@/components/ui/toast';
import { json } from '@/test/page-test-utils';
import { RosterDay } from './components/roster-day';

export type Answer = [status: number, body: unknown];
/** One handler per API path; it receives the parsed JSON body of the request. */
export type ApiHandlers = Record<string, (body: unknown) => Answer | Promise<Answer>>;

export function stubApi(handlers: ApiHandlers) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const handler = handlers[url];
    if (!handler) return json(404, { success: false, code: 'NOT_FOUND', error: `sin stub para ${url}` });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const [status, answer] = await handler(body);
    return json(status, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The parsed bodies sent to one path, in order. */
  const sentTo = (path: string) =>
    fetchMock.mock.calls
      .filter(([url]) => url === path)
      .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
  return { fetchMock, sentTo };
}

export function renderWithProviders(ui: ReactElement) {
  // Answers stay fresh as long as in the app: a part that suspended while its read ran does not read
  // again when it mounts on a slow machine (a suspending query is stale after 1 s at the least).
  const queryClient = createQueryClient({ queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/**
 * The toast region's text (Radix also announces it in a live region elsewhere). An open dialog
 * hides the rest of the page from the accessibility tree, the toast region included.
 */
export const findToast = async (text: string) =>
  // The region itself appears with the first toast.
  within(await screen.findByRole('region', { name: /Avisos/, hidden: true })).findByText(text);

export function slot(overrides: Partial<SlotDto> = {}): SlotDto {
  return {
    scheduleId: 1,
    classId: null,
    time: '7:00 AM',
    durationMinutes: 50,
    capacity: 8,
    reservedCount: 3,
    isPastClass: false,
    // A Tuesday 7:00 AM class booked on Monday morning: free to cancel until Monday 7:00 PM.
    cancelUntil: '2026-11-24T01:00:00.000Z',
    cancellable: true,
    isCancelled: false,
    instructorId: null,
    instructor: null,
    substitute: false,
    instructorPhotoUrl: null,
    classType: { id: 1, name: 'Pilates Reformer', level: 'basico', levelName: 'Básico', colour: '#1d4ed8' },
    users: '[{"id":null,"name":null}]',
    myReservationId: null,
    waitlistCount: 0,
    myWaitlistPosition: null,
    myWaitlistId: null,
    spots: [],
    ...overrides,
  };
}

export function rosterSlot(overrides: Partial<RosterSlotDto> = {}): RosterSlotDto {
  return {
    ...slot(),
    enrolled: [],
    released: [],
    waitlist: [],
    attendance: { attended: 0, noShow: 0, unmarked: 0 },
    canMarkAttendance: false,
    canWalkIn: true,
    ...overrides,
  };
}

/** The day the roster tests open, and the path that answers its classes. */
export const ROSTER_DATE = '2026-11-30';
export const ROSTER_PATH = '/api/reservations/get-information-clases';

/** Someone enrolled in a class: Ana López, not yet marked, on no reformer, unless told otherwise. */
export function rosterClient(overrides: Partial<EnrolledUserDto> = {}): EnrolledUserDto {
  return {
    reservationId: 31,
    id: 7,
    name: 'Ana López',
    email: 'ana@example.com',
    attended: null,
    paidAtStudio: false,
    forgiven: false,
    healthNote: false,
    spot: null,
    ...overrides,
  };
}

/** The 8:00 AM class (schedule 2) the roster tests open. */
export const eightAmRoster = (overrides: Partial<RosterSlotDto> = {}) =>
  rosterSlot({ scheduleId: 2, time: '8:00 AM', ...overrides });

/** The roster read's answer for ROSTER_DATE with these classes. */
export const rosterAnswer = (...slots: RosterSlotDto[]): Answer => [
  200,
  { success: true, date: ROSTER_DATE, data: slots },
];

/** Renders the roster of ROSTER_DATE, opens its 8:00 AM class and returns the class's dialog. */
export async function openEightAmRoster({ canCancelClass = false } = {}) {
  renderWithProviders(<RosterDay date={ROSTER_DATE} canCancelClass={canCancelClass} />);
  await userEvent.click(await screen.findByRole('button', { name: /8:00 AM/ }));
  return screen.findByRole('dialog', { name: /· 8:00 AM$/ });
}

/** The users search's answer: these rows, on one page. */
export const usersAnswer = (...usuarios: object[]): Answer => [
  200,
  { success: true, usuarios, pagination: { currentPage: 1, totalPages: 1, totalRecords: usuarios.length } },
];

/** The walk-in's answer: Luis Pérez (user 8) has a place from his plan, on `spot`. */
export const luisWalkInAnswer = (spot: { id: number; label: string }): Answer => [
  201,
  {
    success: true,
    message: 'Luis Pérez tiene su lugar en la clase (de su plan).',
    reservationId: 40,
    userId: 8,
    paidAtStudio: false,
    newAccount: false,
    spot,
  },
];

export const errorBody = (code: string, error: string) => ({ success: false, code, error });
