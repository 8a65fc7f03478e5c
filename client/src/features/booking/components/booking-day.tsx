import { useState } from 'react';
import { useInvalidateAfter } from '@/api/invalidation';
import { errorMessages, isApiError } from '@/api/api-error';
import type { SlotDto } from '@/api/generated/model';
import { useGetInformation, usePushReservation } from '@/api/generated/reservations/reservations';
import { useToast } from '@/components/ui/toast';
import { BuyPlanDialog, OutOfPlanDialog } from './booking-dialogs';
import { DayClasses } from './day-classes';
import { SlotList } from './slot-list';

export const BOOKED_MESSAGE = '¡Has reservado con éxito!';

/** The error codes that open a dialog instead of a red toast: the client can act on them (buy a plan). */
const DIALOG_FOR_CODE = {
  DATE_OUT_OF_PLAN: 'out-of-plan',
  NO_CLASSES_LEFT: 'buy-plan',
} as const;
type BookingDialog = (typeof DIALOG_FOR_CODE)[keyof typeof DIALOG_FOR_CODE];

export interface BookingDayProps {
  date: string;
  /** Nobody is logged in: "Reservar" asks to log in first. */
  isGuest: boolean;
  /** The session is still loading: the buttons wait. */
  sessionPending?: boolean;
  /** Sends a guest to the login page (and back here afterwards). */
  onRequireLogin: () => void;
}

/** The selected day's classes on /pilates/reservar, with booking and its error dialogs. */
export function BookingDay({ date, isGuest, sessionPending = false, onRequireLogin }: BookingDayProps) {
  const invalidateAfter = useInvalidateAfter();
  const toast = useToast();
  const [dialog, setDialog] = useState<BookingDialog | null>(null);
  const day = useGetInformation({ date });

  const booking = usePushReservation({
    mutation: {
      onSuccess: async () => {
        toast.show(BOOKED_MESSAGE);
        await invalidateAfter('classBooked');
      },
      onError: async (error) => {
        const code = isApiError(error) ? error.code : undefined;
        if (code === 'DATE_OUT_OF_PLAN' || code === 'NO_CLASSES_LEFT') {
          setDialog(DIALOG_FOR_CODE[code]);
          return;
        }
        // CLASS_FULL, CLASS_STARTED, ALREADY_BOOKED…: say why and show the day as it is now.
        toast.show(errorMessages(error).join(' '), 'error');
        await invalidateAfter('bookingRefused');
      },
    },
  });

  const book = (slot: SlotDto) => {
    if (isGuest) {
      onRequireLogin();
      return;
    }
    booking.mutate({ data: { date, classReservation: slot.scheduleId } });
  };

  const slots = day.data?.data ?? [];
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <DayClasses
        date={date}
        isLoading={day.isPending}
        error={day.data ? null : day.error}
        isEmpty={slots.length === 0}
      >
        <SlotList
          slots={slots}
          onBook={book}
          disabled={sessionPending}
          bookingScheduleId={booking.isPending ? booking.variables.data.classReservation : null}
        />
      </DayClasses>
      <OutOfPlanDialog open={dialog === 'out-of-plan'} onOpenChange={closeDialog} />
      <BuyPlanDialog open={dialog === 'buy-plan'} onOpenChange={closeDialog} />
    </>
  );
}
