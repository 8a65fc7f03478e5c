import { formatLongDate } from '@pilates/dates';
import type { UserPlanDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PurchaseDialog, type ChosenClass } from '@/features/purchase';

export const OUT_OF_PLAN_TITLE = 'La fecha está fuera del rango del plan';
export const BUY_PLAN_TITLE = 'Contrata un plan';

interface DialogControl {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function CloseButton({ onOpenChange }: Pick<DialogControl, 'onOpenChange'>) {
  return (
    <Button variant="secondary" onClick={() => onOpenChange(false)}>
      Cerrar
    </Button>
  );
}

/** A plan's dates: 'Ocho Clases: del 1 de noviembre de 2026 al 30 de noviembre de 2026'. */
const planDates = (plan: UserPlanDto) =>
  `${plan.plan}: del ${formatLongDate(plan.startDate)} al ${formatLongDate(plan.endDate)}`;

/** DATE_OUT_OF_PLAN: the client has classes left, but no plan covers the chosen day. */
export function OutOfPlanDialog({
  open,
  onOpenChange,
  plans = [],
  onBuyPlan,
}: DialogControl & { plans?: readonly UserPlanDto[]; onBuyPlan?: () => void }) {
  const withClasses = plans.filter((plan) => !plan.revoked && plan.classes_remaining > 0);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={OUT_OF_PLAN_TITLE}
      footer={
        <>
          <CloseButton onOpenChange={onOpenChange} />
          {onBuyPlan ? <Button onClick={onBuyPlan}>Comprar un plan</Button> : null}
        </>
      }
    >
      <p className="text-ink">
        Ninguno de tus planes cubre este día. Elige una fecha dentro de las fechas de tu plan, o contrata un plan nuevo
        para reservar esta clase.
      </p>
      {withClasses.length > 0 ? (
        <ul aria-label="Tus planes con clases" className="mt-3 space-y-1 text-sm text-ink-muted">
          {withClasses.map((plan) => (
            <li key={plan.id}>{planDates(plan)}</li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

/**
 * NO_CLASSES_LEFT: the plan catalogue, and buying one with Mercado Pago; `chosenClass`, the class
 * (and reformer) being booked, is held while the client pays.
 */
export function BuyPlanDialog({
  open,
  onOpenChange,
  chosenClass,
}: DialogControl & { chosenClass?: ChosenClass | null }) {
  return (
    <PurchaseDialog
      open={open}
      onOpenChange={onOpenChange}
      chosenClass={chosenClass}
      title={BUY_PLAN_TITLE}
      description="No tienes clases disponibles en tu plan. Elige uno para seguir reservando."
    />
  );
}
