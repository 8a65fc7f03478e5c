import { formatLongDate } from '@pilates/dates';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { errorMessages } from '@/api/api-error';
import { useChangePromoCode, useListPromoCodes } from '@/api/generated/admin/admin';
import type { PromoCodeDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { formatMoney } from '@/lib/format';
import { AddPromoCodeDialog } from './add-promo-code-dialog';

/** "15 %" or "$200.00". */
export const discountLabel = (code: Pick<PromoCodeDto, 'kind' | 'value'>): string =>
  code.kind === 'percent' ? `${code.value} %` : formatMoney(code.value);

function StateBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        active ? 'bg-success-soft text-success' : 'bg-sand text-ink-muted',
      )}
    >
      {active ? 'Activo' : 'Desactivado'}
    </span>
  );
}

const usesLabel = (code: PromoCodeDto) =>
  `${code.used} de ${code.maxUses}${code.held > 0 ? ` · ${code.held} en pago` : ''}`;

interface Actions {
  onToggle: (code: PromoCodeDto) => void;
  pendingId: number | undefined;
}

function ToggleButton({ code, actions }: { code: PromoCodeDto; actions: Actions }) {
  return (
    <Button
      variant={code.active ? 'ghost' : 'secondary'}
      size="sm"
      aria-label={`${code.active ? 'Desactivar' : 'Activar'} ${code.code}`}
      loading={actions.pendingId === code.id}
      onClick={() => actions.onToggle(code)}
    >
      {code.active ? 'Desactivar' : 'Activar'}
    </Button>
  );
}

const columnsWith = (actions: Actions): DataTableColumn<PromoCodeDto>[] => [
  { key: 'codigo', header: 'Código', cell: (code) => <span className="font-medium text-ink-strong">{code.code}</span> },
  { key: 'descuento', header: 'Descuento', cell: discountLabel, className: 'figures whitespace-nowrap' },
  {
    key: 'vigencia',
    header: 'Vigencia',
    cell: (code) => `${formatLongDate(code.validFrom)} – ${formatLongDate(code.validTo)}`,
  },
  { key: 'usos', header: 'Usos', cell: usesLabel, className: 'figures whitespace-nowrap' },
  { key: 'estado', header: 'Estado', cell: (code) => <StateBadge active={code.active} /> },
  { key: 'acciones', header: 'Acciones', cell: (code) => <ToggleButton code={code} actions={actions} /> },
];

/** "Promociones": every code with its uses (approved, and held by purchases being paid), new codes, deactivation. */
export function PromoCodesEditor() {
  const toast = useToast();
  const codes = useListPromoCodes();
  const change = useChangePromoCode();
  const [adding, setAdding] = useState(false);

  const actions: Actions = {
    onToggle: (code) =>
      change.mutate(
        { data: { id: code.id, active: !code.active } },
        {
          onSuccess: () => toast.show(code.active ? `${code.code} desactivado` : `${code.code} activado`),
          onError: (error) => toast.show(errorMessages(error).join(' '), 'error'),
        },
      ),
    pendingId: change.isPending ? change.variables?.data.id : undefined,
  };

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="size-4" />}>
          Nuevo código
        </Button>
      </div>
      {codes.isError ? (
        <ErrorMessage error={codes.error} />
      ) : (
        <div className="@container">
          <ResponsiveTable
            label="Códigos promocionales"
            columns={columnsWith(actions)}
            rows={codes.data?.codes}
            getRowKey={(code) => code.id}
            cardClassName="space-y-2 px-4 py-4"
            renderCard={(code) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <p className="font-medium text-ink-strong">{code.code}</p>
                  <StateBadge active={code.active} />
                </div>
                <p className="text-sm text-ink">
                  {discountLabel(code)} · {formatLongDate(code.validFrom)} – {formatLongDate(code.validTo)}
                </p>
                <p className="text-sm text-ink-muted">Usos: {usesLabel(code)}</p>
                <ToggleButton code={code} actions={actions} />
              </>
            )}
            emptyMessage="Aún no hay códigos promocionales."
            loadingLabel="Cargando los códigos…"
            onPageChange={() => undefined}
          />
        </div>
      )}
      <AddPromoCodeDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
