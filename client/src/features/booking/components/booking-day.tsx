import { useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { errorMessages, isApiError } from '@/api/api-error';
import type { PushReservationDto, SlotDto, SlotsResponseDto } from '@/api/generated/model';
import { useGetUserPlanes } from '@/api/generated/informacion/informacion';
import {
  getGetInformationQueryKey,
  getGetInformationSuspenseQueryOptions,
  usePushReservation,
} from '@/api/generated/reservations/reservations';
import { ErrorMessage } from '@/components/ui/error-message';
import { useEverOpened } from '@/components/ui/dialog';
import { preloadToasts, useToast } from '@/components/ui/toast';
import { bookedMessage, CancelReservationDialog } from '@/features/my-classes';
import { HealthProfileDialog } from '@/features/health-profile';
import { rememberChosenClass, type ChosenClass } from '@/features/purchase';
import { JoinWaitlistDialog, LeaveWaitlistDialog, type WaitlistClass } from '@/features/waitlist';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';
import { onDemand, onDemandDialog } from '@/lib/on-demand';
import { useHydrated } from '@/lib/use-hydrated';
import { BuyPlanDialog, OutOfPlanDialog } from './booking-dialogs';
import { PLANS_LOOKED_AT } from './plan-summary';
import { DayClassesSkeleton, DayHeading, NoClasses } from './day-classes';
import { SlotList } from './slot-list';

export const NO_CLASSES_LEFT_MESSAGE = 'Ya no quedan clases por tomar este día.';

/** The error codes that open a dialog instead of a red toast: the client can act on them (buy a plan). */
/** The room map and its list, loaded when a client first presses "Reservar". */
const ChooseReformerDialog = onDemand(() =>
  import('./choose-reformer-dialog').then((module) => module.ChooseReformerDialog),
);

/** TERMS_ACCEPTANCE_REQUIRED: the new terms to accept, then the same booking again. */
const AcceptTermsDialog = onDemandDialog(() =>
  import('./accept-terms-dialog').then((module) => module.AcceptTermsDialog),
);

const DIALOG_FOR_CODE = {
  DATE_OUT_OF_PLAN: 'out-of-plan',
  NO_CLASSES_LEFT: 'buy-plan',
} as const;
type BookingDialog = (typeof DIALOG_FOR_CODE)[keyof typeof DIALOG_FOR_CODE];

/** The generated client's key for every booking (its operation id). */
const BOOKING_KEY = ['pushReservation'];

/** The class a booking mutation is for, read from the query client's mutation cache. */
const bookedClass = (mutation: Pick<Mutation, 'state'>): PushReservationDto | undefined =>
  (mutation.state.variables as { data?: PushReservationDto } | undefined)?.data;

export interface BookingDayProps {
  date: string;
  /** Nobody is logged in: "Reservar" asks to log in first. */
  isGuest: boolean;
  /** The session is still loading: the buttons wait. */
  sessionPending?: boolean;
  /** Sends a guest to the login page (and back here afterwards). */
  onRequireLogin: () => void;
  /** Only this instructor's classes (Reservar's filter); undefined: everyone's. */
  instructorId?: number;
  /** Only classes of this type (Reservar's filter); undefined: every type. */
  classTypeId?: number;
}

/** The selected day's classes on /pilates/reservar, with booking and its error dialogs. */
export function BookingDay({
  date,
  isGuest,
  sessionPending = false,
  onRequireLogin,
  instructorId,
  classTypeId,
}: BookingDayProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<BookingDialog | null>(null);
  // The client's plans, for the dates the out-of-range dialog shows (the same answer as the plan summary).
  const plans = useGetUserPlanes(
    { pagination: 1, limit: PLANS_LOOKED_AT },
    { query: { enabled: dialog === 'out-of-plan' } },
  );

  const [cancelling, setCancelling] = useState<SlotDto | null>(null);
  // The class being booked when the plan ran out of classes: "Contrata un plan" holds its reformer.
  const [chosenClass, setChosenClass] = useState<ChosenClass | null>(null);
  // The class whose reformer is being chosen; kept after closing, so the dialog's text stays while it goes.
  const [choosing, setChoosing] = useState<{ slot: SlotDto; open: boolean } | null>(null);
  const [joining, setJoining] = useState<WaitlistClass | null>(null);
  const [leaving, setLeaving] = useState<{ id: number; date: string; time: string } | null>(null);
  // The booking refused until the new terms are accepted (its reformer too): sent again once they are.
  const [awaitingTerms, setAwaitingTerms] = useState<{ booking: PushReservationDto; open: boolean } | null>(null);
  // A first booking refused for the health questionnaire (HEALTH_PROFILE_REQUIRED): sent again, same reformer, once saved.
  const [needsHealth, setNeedsHealth] = useState<PushReservationDto | null>(null);
  // Each dialog runs from its first opening on (nothing of it is rendered before).
  const cancelOpened = useEverOpened(cancelling !== null);
  const joinOpened = useEverOpened(joining !== null);
  const leaveOpened = useEverOpened(leaving !== null);
  const outOfPlanOpened = useEverOpened(dialog === 'out-of-plan');
  const chooseOpened = useEverOpened(choosing?.open ?? false);
  const hydrated = useHydrated();
  // The bookings in flight, from the query client's mutation cache rather than this component: a
  // remount of the page while one is in flight (a fresh observer, not pending) still shows it and
  // still refuses to send it again.
  const booking = usePushReservation({
    mutation: {
      // The toast's code travels beside the booking, so that on a slow line its answer shows together
      // with "Reservada" rather than a moment after it.
      onMutate: () => {
        preloadToasts().catch(() => undefined);
      },
      // The server's own answer: until when it may be cancelled, or that it was booked inside the window.
      onSuccess: (answer) => toast.show(bookedMessage(answer)),
      onError: (error, { data }) => {
        const code = isApiError(error) ? error.code : undefined;
        if (code === 'HEALTH_PROFILE_REQUIRED') {
          setNeedsHealth(data);
          return;
        }
        if (code === 'NO_CLASSES_LEFT') {
          // The class survives the purchase: the return from the checkout offers to book it.
          const day = queryClient.getQueryData<SlotsResponseDto>(getGetInformationQueryKey({ date: data.date }));
          const slot = day?.data.find((candidate) => candidate.scheduleId === data.classReservation);
          const spot = slot?.spots.find((candidate) => candidate.id === data.spot);
          const chosen = slot
            ? {
                date: data.date,
                scheduleId: slot.scheduleId,
                time: slot.time,
                spot: spot ? { id: spot.id, label: spot.label } : null,
              }
            : null;
          // Its reformer too: the checkout holds it while the client pays.
          if (chosen) rememberChosenClass(chosen);
          setChosenClass(chosen);
        } else if (code === 'DATE_OUT_OF_PLAN') {
          setChosenClass(null);
        }
        if (code === 'DATE_OUT_OF_PLAN' || code === 'NO_CLASSES_LEFT') {
          setDialog(DIALOG_FOR_CODE[code]);
          return;
        }
        if (code === 'TERMS_ACCEPTANCE_REQUIRED') {
          setAwaitingTerms({ booking: data, open: true });
          return;
        }
        // CLASS_FULL, CLASS_STARTED, ALREADY_BOOKED…: say why (the day then loads again, as it is now).
        toast.show(errorMessages(error).join(' '), 'error');
      },
    },
  });

  const bookingsInFlight = useMutationState({
    filters: { mutationKey: BOOKING_KEY, status: 'pending' },
    select: bookedClass,
  });
  const bookingScheduleId = bookingsInFlight.find((sent) => sent?.date === date)?.classReservation ?? null;

  /** Sends the booking of a class, on the reformer chosen (null or none: "Cualquiera"). */
  const send = (slot: SlotDto, spot: number | null) => {
    // One booking of a class at a time, whoever sent it. The cache marks a booking pending as
    // mutate() is called, before React re-renders the button disabled: a double tap books once.
    const sending = queryClient
      .getMutationCache()
      .findAll({ mutationKey: BOOKING_KEY, status: 'pending' })
      .some((mutation) => {
        const sent = bookedClass(mutation);
        return sent?.date === date && sent.classReservation === slot.scheduleId;
      });
    if (sending) return;
    booking.mutate({ data: { date, classReservation: slot.scheduleId, ...(spot === null ? {} : { spot }) } });
  };

  const book = (slot: SlotDto) => {
    // Before the page is interactive nothing acts (the buttons wait too).
    if (!hydrated) return;
    if (isGuest) {
      onRequireLogin();
      return;
    }
    // A class with reformers asks which one first; a class without (no room drawn) books at once.
    if (slot.spots.length > 0) {
      setChoosing({ slot, open: true });
      return;
    }
    send(slot, null);
  };

  const confirmReformer = (spot: number | null) => {
    if (!choosing?.open) return;
    setChoosing({ ...choosing, open: false });
    send(choosing.slot, spot);
  };

  const joinWaitlist = (slot: SlotDto) => {
    if (isGuest) {
      onRequireLogin();
      return;
    }
    setJoining({ date, time: slot.time, scheduleId: slot.scheduleId, waitlistCount: slot.waitlistCount });
  };
  const leaveWaitlist = (slot: SlotDto) => {
    if (slot.myWaitlistId) setLeaving({ id: slot.myWaitlistId, date, time: slot.time });
  };

  const listProps: SlotListProps = {
    // The deadline is for a logged-in client deciding to book (a guest logs in first).
    date: isGuest || sessionPending ? undefined : date,
    onBook: book,
    onCancel: setCancelling,
    onJoinWaitlist: joinWaitlist,
    onLeaveWaitlist: leaveWaitlist,
    // Until the session is known and the page is interactive, the buttons wait.
    disabled: sessionPending || !hydrated,
    bookingScheduleId,
  };
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <DayHeading date={date}>
        {/* A new boundary per day: the skeleton while another day loads, and its error forgotten. */}
        <PageQueryBoundary
          key={date}
          fallback={<DayClassesSkeleton />}
          error={(error) => <ErrorMessage error={error} />}
        >
          <DaySlots date={date} listProps={listProps} instructorId={instructorId} classTypeId={classTypeId} />
        </PageQueryBoundary>
      </DayHeading>
      {cancelOpened ? (
        <CancelReservationDialog
          reservation={
            cancelling && cancelling.myReservationId
              ? {
                  id: cancelling.myReservationId,
                  date,
                  time: cancelling.time,
                  cancellable: cancelling.cancellable,
                  cancellableUntil: cancelling.cancelUntil,
                  started: cancelling.isPastClass,
                }
              : null
          }
          onClose={() => setCancelling(null)}
        />
      ) : null}
      {joinOpened ? (
        <JoinWaitlistDialog
          target={joining}
          onClose={() => setJoining(null)}
          onPlanProblem={(code) => setDialog(DIALOG_FOR_CODE[code])}
        />
      ) : null}
      {chooseOpened ? (
        <ChooseReformerDialog
          open={choosing?.open ?? false}
          onOpenChange={(open) => {
            if (!open && choosing) setChoosing({ ...choosing, open: false });
          }}
          date={date}
          slot={choosing?.slot ?? null}
          onConfirm={confirmReformer}
        />
      ) : null}
      {leaveOpened ? <LeaveWaitlistDialog entry={leaving} onClose={() => setLeaving(null)} /> : null}
      {outOfPlanOpened ? (
        <OutOfPlanDialog
          open={dialog === 'out-of-plan'}
          onOpenChange={closeDialog}
          plans={plans.data?.planes}
          onBuyPlan={() => setDialog('buy-plan')}
        />
      ) : null}
      <AcceptTermsDialog
        open={awaitingTerms?.open ?? false}
        onOpenChange={(open) => {
          if (!open && awaitingTerms) setAwaitingTerms({ ...awaitingTerms, open: false });
        }}
        onAccepted={() => {
          if (!awaitingTerms) return;
          setAwaitingTerms({ ...awaitingTerms, open: false });
          booking.mutate({ data: awaitingTerms.booking });
        }}
      />
      <BuyPlanDialog open={dialog === 'buy-plan'} onOpenChange={closeDialog} chosenClass={chosenClass} />
      <HealthProfileDialog
        open={needsHealth !== null}
        onOpenChange={(open) => {
          if (!open) setNeedsHealth(null);
        }}
        profile={null}
        intro="Antes de tu primera clase, llena tu cuestionario de salud y un contacto de emergencia. Al guardarlo, reservamos tu clase."
        submitLabel="Guardar y reservar"
        onSaved={() => {
          const retry = needsHealth;
          setNeedsHealth(null);
          if (retry) booking.mutate({ data: retry });
        }}
      />
    </>
  );
}

type SlotListProps = Omit<ComponentProps<typeof SlotList>, 'slots'>;

/** The day's classes: the ones still ahead, then those that already started folded under "Clases anteriores". */
function DaySlots({
  date,
  listProps,
  instructorId,
  classTypeId,
}: {
  date: string;
  listProps: SlotListProps;
  instructorId?: number;
  classTypeId?: number;
}) {
  const day = usePageQuery(getGetInformationSuspenseQueryOptions({ date })).data;
  const slots = day.data.filter(
    (slot) =>
      (instructorId === undefined || slot.instructorId === instructorId) &&
      (classTypeId === undefined || slot.classType.id === classTypeId),
  );
  // The strike rule paused the client's online booking: said before they try (the server refuses too).
  const block = day.bloqueo ? (
    <p role="note" className="mb-4 rounded-card border border-accent/40 bg-accent-soft px-4 py-3 text-sm text-ink">
      {day.bloqueo.message}
    </p>
  ) : null;
  if (slots.length === 0)
    return (
      <>
        {block}
        {instructorId === undefined && classTypeId === undefined ? (
          <NoClasses />
        ) : (
          <p className="rounded-card bg-surface px-6 py-6 text-center text-ink-muted shadow-soft">
            {classTypeId === undefined
              ? 'Este día no hay clases con ese instructor.'
              : instructorId === undefined
                ? 'Este día no hay clases de ese tipo.'
                : 'Este día no hay clases de ese tipo con ese instructor.'}{' '}
            Elige otro día o &quot;Todos&quot;.
          </p>
        )}
      </>
    );
  const upcoming = slots.filter((slot) => !slot.isPastClass);
  const past = slots.filter((slot) => slot.isPastClass);
  return (
    <>
      {block}
      {upcoming.length > 0 ? (
        <SlotList slots={upcoming} {...listProps} />
      ) : (
        <p className="rounded-card bg-surface px-6 py-6 text-center text-ink-muted shadow-soft">
          {NO_CLASSES_LEFT_MESSAGE}
        </p>
      )}
      {past.length > 0 ? (
        <details className="group mt-4">
          <summary className="cursor-pointer rounded-control px-1 py-2 text-sm font-medium text-ink-muted hover:text-ink">
            Clases anteriores ({past.length})
          </summary>
          <div className="mt-2">
            <SlotList slots={past} {...listProps} />
          </div>
        </details>
      ) : null}
    </>
  );
}
