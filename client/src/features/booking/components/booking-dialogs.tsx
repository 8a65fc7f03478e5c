import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import type { CataloguePlanDto } from '../../../api/generated/model';
import { useGetPlanes } from '../../../api/generated/planes/planes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { studio } from '../../../content/studio';

export const OUT_OF_PLAN_TITLE = 'La fecha está fuera del rango del plan';
export const BUY_PLAN_TITLE = 'Contrata un plan';
export const BUY_BY_WHATSAPP_MESSAGE = 'Para comprar este plan, escríbenos por WhatsApp o visítanos en el estudio.';

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

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

const classesLabel = (classes: number): string => (classes === 1 ? '1 clase' : `${classes} clases`);

/** A wa.me link that opens the studio's chat with the chosen plan already written. */
export const planWhatsappUrl = (plan: CataloguePlanDto): string =>
  `https://wa.me/${studio.whatsapp.number}?text=${encodeURIComponent(
    `Hola, me gustaría comprar el plan ${plan.name} (${classesLabel(plan.classes)}).`,
  )}`;

/**
 * NO_CLASSES_LEFT: the plan catalogue. Online payment arrives with its own issue; until then
 * "Comprar Plan" explains how to buy at the studio or by WhatsApp.
 */
export function BuyPlanDialog({ open, onOpenChange }: DialogControl) {
  const [chosenId, setChosenId] = useState<number | null>(null);
  // The catalogue is only fetched once the dialog opens.
  const planes = useGetPlanes({ query: { enabled: open, staleTime: 5 * 60_000 } });

  const changeOpen = (next: boolean) => {
    if (!next) setChosenId(null);
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={BUY_PLAN_TITLE}
      description="No tienes clases disponibles en tu plan. Elige uno para seguir reservando."
      className="max-w-3xl"
      footer={<CloseButton onOpenChange={changeOpen} />}
    >
      {planes.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label="Cargando los planes…" />
        </div>
      ) : planes.isError ? (
        <ErrorMessage error={planes.error} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {planes.data.planes.map((plan) => {
            const chosen = plan.id === chosenId;
            const infoId = `plan-${plan.id}-compra`;
            return (
              <li
                key={plan.id}
                className={cn(
                  'flex flex-col rounded-card border bg-canvas p-4 transition-colors',
                  chosen ? 'border-accent' : 'border-line',
                )}
              >
                <h3 className="font-display text-2xl leading-tight text-ink-strong">{plan.name}</h3>
                <p className="mt-1 text-sm text-ink-muted">{classesLabel(plan.classes)}</p>
                {/* The catalogue price; the payment commission is added at checkout. */}
                <p className="mt-2 mb-4 text-ink">
                  <span className="font-semibold text-ink-strong">{money.format(plan.price)}</span> más comisión
                </p>
                <Button
                  size="sm"
                  className="mt-auto"
                  aria-expanded={chosen}
                  aria-controls={chosen ? infoId : undefined}
                  onClick={() => setChosenId(plan.id)}
                >
                  Comprar Plan
                </Button>
                {chosen ? (
                  <div id={infoId} className="mt-3 space-y-3 text-sm text-ink">
                    <p>{BUY_BY_WHATSAPP_MESSAGE}</p>
                    <a
                      href={planWhatsappUrl(plan)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'w-full' })}
                    >
                      <MessageCircle aria-hidden="true" className="size-4" />
                      Escribir por WhatsApp
                    </a>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
