import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PurchaseDialog } from '@/features/purchase';

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

/** DATE_OUT_OF_PLAN: the client has classes left, but no plan covers the chosen day. */
export function OutOfPlanDialog({ open, onOpenChange }: DialogControl) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={OUT_OF_PLAN_TITLE}
      footer={<CloseButton onOpenChange={onOpenChange} />}
    >
      <p className="text-ink">
        Ninguno de tus planes cubre este día. Elige una fecha dentro de las fechas de tu plan, o contrata un plan nuevo
        para reservar esta clase.
      </p>
    </Dialog>
  );
}

/** NO_CLASSES_LEFT: the plan catalogue, and buying one with Mercado Pago. */
export function BuyPlanDialog({ open, onOpenChange }: DialogControl) {
  return (
    <PurchaseDialog
      open={open}
      onOpenChange={onOpenChange}
      title={BUY_PLAN_TITLE}
      description="No tienes clases disponibles en tu plan. Elige uno para seguir reservando."
    />
  );
}
