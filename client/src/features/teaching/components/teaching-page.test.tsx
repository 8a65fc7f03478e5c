import '@/components/ui/test-polyfills';
import { addDays } from '@pilates/dates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeachingClassDto, TeachingStudentDto } from '@/api/generated/model';
import { currentStudioDay } from '@/lib/studio-time-zone';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { TeachingPage } from './teaching-page';

const CLASSES = '/api/instructor/classes';
const MARK = '/api/reservations/mark-attendance';
const WALK_IN = '/api/admin/walk-in';
const ASK = '/api/instructor/cover-requests';
const WITHDRAW = '/api/instructor/cover-requests/withdraw';

const today = currentStudioDay();

const student = (overrides: Partial<TeachingStudentDto> = {}): TeachingStudentDto => ({
  reservationId: 31,
  userId: 7,
  name: 'Ana López',
  healthNote: false,
  attended: null,
  spot: { id: 3, label: 'Reformer 3' },
  classesRemaining: 3,
  paidAtStudio: false,
  firstTime: false,
  birthday: false,
  ...overrides,
});

const teachingClass = (overrides: Partial<TeachingClassDto> = {}): TeachingClassDto => ({
  scheduleId: 4,
  classId: 12,
  date: today,
  time: '8:00 AM',
  durationMinutes: 50,
  capacity: 8,
  reservedCount: 2,
  isPastClass: true,
  isCancelled: false,
  substitute: false,
  students: [
    student({ firstTime: true, birthday: true }),
    student({ reservationId: 32, name: 'Luis Pérez', spot: null, classesRemaining: 1, attended: true }),
  ],
  spots: [
    { id: 3, label: 'Reformer 3', row: 0, column: 0, state: 'taken' },
    { id: 4, label: 'Reformer 4', row: 0, column: 1, state: 'free' },
  ],
  attendance: { attended: 1, noShow: 0, unmarked: 1 },
  canMarkAttendance: true,
  canWalkIn: true,
  coverRequest: null,
  ...overrides,
});

const answer = (data: TeachingClassDto[]) => ({ status: 200, body: { success: true, data } });

afterEach(() => vi.unstubAllGlobals());

describe('Mis clases a impartir', () => {
  it("should ask for today and the coming week and show each class's roster with its markers", async () => {
    const fetchMock = stubApi({
      [CLASSES]: () =>
        answer([
          teachingClass(),
          teachingClass({
            scheduleId: 5,
            date: addDays(today, 2),
            time: '7:00 PM',
            isPastClass: false,
            canMarkAttendance: false,
            canWalkIn: true,
            substitute: true,
            students: [],
            spots: [],
            reservedCount: 0,
          }),
        ]),
    });
    renderPage(<TeachingPage />);

    const todayClass = await screen.findByRole('article', { name: '8:00 AM' });
    expect(bodiesSentTo(fetchMock, CLASSES)).toEqual([{ from: today, to: addDays(today, 7) }]);
    expect(screen.getByRole('heading', { name: /^Hoy, / })).toBeInTheDocument();
    const roster = within(todayClass).getByRole('list', { name: 'Inscritos a las 8:00 AM' });
    expect(within(roster).getByText('Ana López')).toBeInTheDocument();
    expect(within(roster).getByText('Reformer 3')).toBeInTheDocument();
    expect(within(roster).getByText('Primera vez')).toBeInTheDocument();
    expect(within(roster).getByText('Cumple años')).toBeInTheDocument();
    expect(within(roster).getByText('Le quedan 3 clases')).toBeInTheDocument();
    expect(within(roster).getByText('Le queda 1 clase')).toBeInTheDocument();
    expect(within(todayClass).getByText('Asistieron: 1 · No asistieron: 0 · Sin marcar: 1')).toBeInTheDocument();
    // The room at the door: who is on each reformer, front row first.
    const room = within(todayClass).getByRole('region', { name: 'Sala a las 8:00 AM' });
    expect(within(room).getByRole('radio', { name: /^Reformer 3, .*: Ana López/ })).toBeInTheDocument();
    expect(within(room).getByRole('radio', { name: /^Reformer 4, / })).not.toHaveAccessibleName(/López|Pérez/);

    const later = screen.getByRole('article', { name: '7:00 PM' });
    expect(within(later).getByText('Como suplente')).toBeInTheDocument();
    expect(within(later).getByText('Nadie ha reservado todavía.')).toBeInTheDocument();
    expect(within(later).queryByRole('group', { name: /Asistencia de/ })).not.toBeInTheDocument();
  });

  it('should say so when the instructor has no classes in those days', async () => {
    stubApi({ [CLASSES]: () => answer([]) });
    renderPage(<TeachingPage />);
    expect(await screen.findByText('No tienes clases en estos días.')).toBeInTheDocument();
  });

  it('should mark attendance with large toggles and show the new state', async () => {
    let people = teachingClass().students;
    const fetchMock = stubApi({
      [CLASSES]: () =>
        answer([
          teachingClass({
            students: people,
            attendance: {
              attended: people.filter((p) => p.attended === true).length,
              noShow: people.filter((p) => p.attended === false).length,
              unmarked: people.filter((p) => p.attended === null).length,
            },
          }),
        ]),
      [MARK]: (body) => {
        const { id, attended } = body as { id: number; attended: boolean };
        people = people.map((p) => (p.reservationId === id ? { ...p, attended } : p));
        return { status: 200, body: { success: true, message: 'Marcado: asistió.', attended, changed: true } };
      },
    });
    renderPage(<TeachingPage />);
    const came = await screen.findByRole('button', { name: 'Asistió: Ana López' });
    // One-handed at the door: at least 48 px high.
    expect(came.className).toContain('min-h-12');
    expect(came).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(came);
    expect(bodiesSentTo(fetchMock, MARK)).toEqual([{ id: 31, attended: true }]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Asistió: Ana López' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByText('Asistieron: 2 · No asistieron: 0 · Sin marcar: 0')).toBeInTheDocument();
  });

  it('should add a new client at the door through the walk-in form and show the server refusal under the email', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      [CLASSES]: () => answer([teachingClass()]),
      [WALK_IN]: () => {
        calls++;
        return calls === 1
          ? { status: 409, body: { success: false, code: 'EMAIL_TAKEN', error: 'Ese correo ya tiene una cuenta.' } }
          : {
              status: 201,
              body: {
                success: true,
                message:
                  'Marta Ruiz tiene su lugar en la clase. Pagado en estudio: no tiene un plan que cubra la fecha.',
                reservationId: 40,
                userId: 9,
                paidAtStudio: true,
                newAccount: true,
                spot: { id: 5, label: 'Reformer 5' },
              },
            };
      },
    });
    renderPage(<TeachingPage />);
    const addButton = await screen.findByRole('button', { name: 'Agregar cliente' });
    expect(addButton.className).toContain('min-h-12');
    await userEvent.click(addButton);
    const form = screen.getByRole('region', { name: 'Agregar cliente' });
    await userEvent.type(within(form).getByLabelText(/Nombre/), 'Marta Ruiz');
    await userEvent.type(within(form).getByLabelText(/Correo/), 'marta@example.com');
    await userEvent.type(within(form).getByLabelText(/nacimiento/i), '1992-03-04');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear y agregar' }));

    expect(await within(form).findByText('Ese correo ya tiene una cuenta.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Crear y agregar' }));
    expect(
      await screen.findByText(
        /Marta Ruiz tiene su lugar en la clase\. .* Su lugar: Reformer 5\./,
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, WALK_IN)[1]).toEqual({
      date: today,
      classReservation: 4,
      name: 'Marta Ruiz',
      email: 'marta@example.com',
      cumpleanos: '1992-03-04',
    });
  });

  it('should ask for a substitute with a note, then offer to withdraw the open request', async () => {
    let request: TeachingClassDto['coverRequest'] = null;
    const upcoming = () =>
      teachingClass({
        date: addDays(today, 1),
        isPastClass: false,
        canMarkAttendance: false,
        canWalkIn: true,
        coverRequest: request,
      });
    const fetchMock = stubApi({
      [CLASSES]: () => answer([upcoming()]),
      [ASK]: (body) => {
        const { note } = body as { note?: string };
        request = { id: 7, status: 'open', note: note ?? null, substitute: null };
        return {
          status: 201,
          body: {
            success: true,
            message: 'Pediste un suplente. El estudio te avisará cuando lo apruebe.',
            coverRequest: request,
          },
        };
      },
      [WITHDRAW]: () => {
        request = { id: 7, status: 'withdrawn', note: 'Cita médica', substitute: null };
        return {
          status: 200,
          body: { success: true, message: 'Retiraste tu petición de suplente.', coverRequest: request },
        };
      },
    });
    renderPage(<TeachingPage />);
    expect(await screen.findByRole('heading', { name: /^Mañana, / })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pedir suplente' }));
    await userEvent.type(screen.getByLabelText(/Nota para el estudio/), '  Cita médica ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar petición' }));

    expect(bodiesSentTo(fetchMock, ASK)).toEqual([{ scheduleId: 4, date: addDays(today, 1), note: 'Cita médica' }]);
    expect(await screen.findByText('Pediste un suplente para esta clase.')).toBeInTheDocument();
    expect(screen.getByText('Tu nota: Cita médica')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retirar petición' }));
    expect(bodiesSentTo(fetchMock, WITHDRAW)).toEqual([{ id: 7 }]);
    expect(await screen.findByRole('button', { name: 'Pedir suplente' })).toBeInTheDocument();
  });

  it('should show the Spanish refusal when a request is already open', async () => {
    stubApi({
      [CLASSES]: () =>
        answer([teachingClass({ date: addDays(today, 1), isPastClass: false, canMarkAttendance: false })]),
      [ASK]: () => ({
        status: 409,
        body: {
          success: false,
          code: 'COVER_ALREADY_OPEN',
          error: 'Ya hay una petición de suplente abierta para esta clase.',
        },
      }),
    });
    renderPage(<TeachingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pedir suplente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar petición' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya hay una petición de suplente abierta para esta clase.',
    );
  });
});
