import { Plus } from 'lucide-react';
import { useState } from 'react';
import { errorMessages } from '@/api/api-error';
import { useCatalogue, useHideCataloguePlan, useShowCataloguePlan } from '@/api/generated/admin/admin';
import type { AdminCatalogPlanDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { formatMoney } from '@/lib/format';
import { KIND_LABELS, allowanceLabel, onlyTypesLabel } from '../schemas';
import { AddPlanDialog } from './add-plan-dialog';
import { EditPlanDialog } from './edit-plan-dialog';

export const HIDE_WARNING = 'Los clientes dejarán de verlo en la página de planes y ya no podrán comprarlo.';

function VisibilityBadge({ visible }: { visible: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        visible ? 'bg-success-soft text-success' : 'bg-sand text-ink-muted',
      )}
    >
      {visible ? 'Visible' : 'Oculto'}
    </span>
  );
}

interface RowActions {
  onEdit: (plan: AdminCatalogPlanDto) => void;
  onHide: (plan: AdminCatalogPlanDto) => void;
  onShow: (plan: AdminCatalogPlanDto) => void;
  /** The plan being shown again, while its request runs. */
  showingId: number | undefined;
}

function PlanActions({ plan, actions }: { plan: AdminCatalogPlanDto; actions: RowActions }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="secondary" size="sm" aria-label={`Editar ${plan.name}`} onClick={() => actions.onEdit(plan)}>
        Editar
      </Button>
      {plan.visible ? (
        <Button variant="ghost" size="sm" aria-label={`Ocultar ${plan.name}`} onClick={() => actions.onHide(plan)}>
          Ocultar
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Mostrar ${plan.name}`}
          loading={actions.showingId === plan.id}
          loadingLabel="Mostrando…"
          onClick={() => actions.onShow(plan)}
        >
          Mostrar
        </Button>
      )}
    </div>
  );
}

/** A membership's price is per month. */
const priceLabel = (plan: AdminCatalogPlanDto) =>
  plan.kind === 'membership' ? `${formatMoney(plan.price)} al mes` : formatMoney(plan.price);

const columnsWith = (actions: RowActions): DataTableColumn<AdminCatalogPlanDto>[] => [
  {
    key: 'nombre',
    header: 'Nombre',
    cell: (plan) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <span className={cn('font-medium', plan.visible ? 'text-ink-strong' : 'text-ink-muted')}>{plan.name}</span>
        {plan.intro ? (
          <span className="inline-flex items-center rounded-pill bg-accent-soft px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-accent-strong">
            Solo primera vez
          </span>
        ) : null}
        {onlyTypesLabel(plan.classTypes) ? (
          <span className="inline-flex items-center rounded-pill bg-sand px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-ink">
            {onlyTypesLabel(plan.classTypes)}
          </span>
        ) : null}
      </span>
    ),
  },
  { key: 'tipo', header: 'Tipo', cell: (plan) => KIND_LABELS[plan.kind] },
  { key: 'clases', header: 'Clases', cell: (plan) => allowanceLabel(plan), className: 'figures' },
  {
    key: 'precio',
    header: 'Precio',
    cell: (plan) => priceLabel(plan),
    className: 'whitespace-nowrap figures',
  },
  { key: 'estado', header: 'Estado', cell: (plan) => <VisibilityBadge visible={plan.visible} /> },
  { key: 'acciones', header: 'Acciones', cell: (plan) => <PlanActions plan={plan} actions={actions} /> },
];

/** The catalogue clients buy from: every plan, hidden ones too, with editing, hiding and new plans. */
export function CatalogueEditor() {
  const toast = useToast();
  const catalogue = useCatalogue();
  const hide = useHideCataloguePlan();
  const show = useShowCataloguePlan();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminCatalogPlanDto | null>(null);
  const [hiding, setHiding] = useState<AdminCatalogPlanDto | null>(null);

  const closeHide = () => {
    hide.reset();
    setHiding(null);
  };

  const confirmHide = () => {
    if (!hiding) return;
    hide.mutate(
      { data: { id: hiding.id } },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          closeHide();
        },
      },
    );
  };

  const onShow = (plan: AdminCatalogPlanDto) =>
    show.mutate(
      { data: { id: plan.id } },
      {
        onSuccess: (res) => toast.show(res.message),
        onError: (error) => toast.show(errorMessages(error).join(' '), 'error'),
      },
    );

  const actions: RowActions = {
    onEdit: setEditing,
    onHide: setHiding,
    onShow,
    showingId: show.isPending ? show.variables?.data.id : undefined,
  };

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="size-4" />}>
          Agregar plan
        </Button>
      </div>

      {catalogue.isError ? (
        <ErrorMessage error={catalogue.error} />
      ) : (
        <div className="@container">
          <ResponsiveTable
            label="Planes del catálogo"
            columns={columnsWith(actions)}
            rows={catalogue.data?.planes}
            getRowKey={(plan) => plan.id}
            cardClassName="space-y-3 px-4 py-4"
            renderCard={(plan) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <p className={cn('min-w-0 font-medium', plan.visible ? 'text-ink-strong' : 'text-ink-muted')}>
                    {plan.name}
                  </p>
                  <VisibilityBadge visible={plan.visible} />
                </div>
                <p className="text-sm text-ink">
                  {KIND_LABELS[plan.kind]} · {allowanceLabel(plan)} ·{' '}
                  <span className="figures">{priceLabel(plan)}</span>
                </p>
                <PlanActions plan={plan} actions={actions} />
              </>
            )}
            emptyMessage="Aún no hay planes en el catálogo."
            loadingLabel="Cargando el catálogo…"
            // The whole catalogue fits in one page.
            onPageChange={() => undefined}
          />
        </div>
      )}

      <AddPlanDialog open={adding} onOpenChange={setAdding} />
      <EditPlanDialog plan={editing} onClose={() => setEditing(null)} />
      <Dialog
        open={hiding !== null}
        onOpenChange={(open) => {
          if (!open) closeHide();
        }}
        title="Ocultar plan"
        description={hiding?.name}
        footer={
          <>
            <Button variant="ghost" onClick={closeHide}>
              Volver
            </Button>
            <Button variant="danger" loading={hide.isPending} loadingLabel="Ocultando…" onClick={confirmHide}>
              Ocultar
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <p className="text-ink">{HIDE_WARNING}</p>
          <p className="text-sm text-ink-muted">
            Los planes que ya tienen los clientes no cambian. Podrás mostrarlo de nuevo cuando quieras.
          </p>
          <ErrorMessage error={hide.error} />
        </div>
      </Dialog>
    </div>
  );
}
