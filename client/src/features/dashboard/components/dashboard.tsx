import { useState, type FormEvent } from 'react';
import { useGetDashboard } from '@/api/generated/admin/admin';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import { currentStudioDay } from '@/lib/studio-time-zone';
import { shortDate } from '../format';
import { PERIOD_LABELS, PERIOD_PRESETS, rangeProblem, type DashboardSearch, type Period } from '../period';
import { ArcoOverdue } from './arco-overdue';
import { PastDueMemberships } from './past-due-memberships';
import {
  AttendanceSection,
  BackupStatus,
  EndingPlans,
  Exports,
  KeyFigures,
  OccupancyHeatmap,
  RevenueSection,
  Section,
  WaitlistDemand,
  WhatsAppFigures,
} from './sections';

function PeriodChooser({
  search,
  period,
  onChange,
}: {
  search: DashboardSearch;
  period: Period;
  onChange: (search: DashboardSearch) => void;
}) {
  const [from, setFrom] = useState(search.desde ?? period.from);
  const [to, setTo] = useState(search.hasta ?? period.to);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = rangeProblem(from, to, currentStudioDay());
    setProblem(why);
    if (!why) onChange({ periodo: 'rango', desde: from, hasta: to });
  };
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Periodo" className="flex flex-wrap gap-2">
        {PERIOD_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={search.periodo === preset}
            onClick={() =>
              preset === 'rango'
                ? onChange({ periodo: 'rango', desde: from, hasta: to })
                : onChange({ periodo: preset })
            }
            className={cn(
              'rounded-pill border px-4 py-2 text-sm font-medium transition-colors',
              search.periodo === preset
                ? 'border-accent bg-accent-soft text-accent-strong'
                : 'border-line bg-surface text-ink hover:bg-sand',
            )}
          >
            {PERIOD_LABELS[preset]}
          </button>
        ))}
      </div>
      {search.periodo === 'rango' ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
          <DateField label="Desde" value={from} onChange={(e) => setFrom(e.target.value)} required />
          <DateField label="Hasta" value={to} onChange={(e) => setTo(e.target.value)} required />
          <Button type="submit" size="md">
            Ver
          </Button>
        </form>
      ) : null}
      {problem ? <ErrorMessage messages={[problem]} /> : null}
    </div>
  );
}

/** The owner's dashboard for a period of studio dates. */
export function Dashboard({
  search,
  period,
  onSearchChange,
}: {
  search: DashboardSearch;
  period: Period;
  onSearchChange: (search: DashboardSearch) => void;
}) {
  const query = useGetDashboard(period);
  const data = query.data;
  return (
    <div className="space-y-6">
      <PeriodChooser search={search} period={period} onChange={onSearchChange} />
      <p className="text-sm text-ink-muted" aria-live="polite">
        Del {shortDate(period.from)} al {shortDate(period.to)}, hora del estudio.
      </p>
      <ErrorMessage error={query.error} />
      {!data ? (
        <div className="flex min-h-[40rem] items-start justify-center pt-16">
          <Spinner label="Cargando el panel…" />
        </div>
      ) : (
        <>
          <ArcoOverdue overdue={data.arcoOverdue} />
          <KeyFigures data={data} />
          <Section
            id="panel-ocupacion"
            title="Ocupación"
            lead="Lugares reservados de los ofrecidos por día y hora, sin las clases canceladas."
          >
            <OccupancyHeatmap occupancy={data.occupancy} />
          </Section>
          <div className="grid gap-6 xl:grid-cols-2">
            <Section
              id="panel-asistencia"
              title="Asistencia"
              lead="Reservas de las clases ya empezadas del periodo, según lo marcado en la puerta."
            >
              <AttendanceSection data={data} />
            </Section>
            <Section
              id="panel-ingresos"
              title="Ingresos"
              lead="Mercado Pago: lo aprobado menos los reembolsos. Aparte, los planes pagados en el estudio a precio de catálogo, las ventas en mostrador por forma de pago, los descuentos y las tarjetas de regalo."
            >
              <RevenueSection
                revenue={data.revenue}
                byMethod={data.revenueByMethod}
                discountsAndGifts={data.discountsAndGifts}
              />
            </Section>
          </div>
          <Section
            id="panel-clientes"
            title="Planes por terminar"
            lead="Planes que terminan en los próximos 7 días con clases disponibles."
          >
            <EndingPlans plans={data.clients.plansEnding} />
          </Section>
          <Section
            id="panel-membresias"
            title="Membresías con pago pendiente"
            lead="Hoy, no del periodo. Mercado Pago reintenta el cobro; pasados los días de gracia de Ajustes ya no pueden reservar clases nuevas (nada se cancela)."
          >
            <PastDueMemberships pastDue={data.pastDueMemberships} />
          </Section>
          <Section
            id="panel-espera"
            title="Lista de espera"
            lead="Las clases del periodo con más personas esperando lugar."
          >
            <WaitlistDemand rows={data.waitlist} />
          </Section>
          <Section
            id="panel-whatsapp"
            title="WhatsApp"
            lead="Avisos del periodo por WhatsApp: enviados, entregados al teléfono, leídos y los que fueron por correo."
          >
            <WhatsAppFigures figures={data.whatsapp} />
          </Section>
          <Section
            id="panel-copias"
            title="Copias de seguridad"
            lead="El simulacro mensual restaura la copia más reciente aparte y la revisa; las copias fuera del servidor se guardan cifradas en otro lugar."
          >
            <BackupStatus drill={data.restoreDrill} offsite={data.offsiteBackup} />
          </Section>
        </>
      )}
      <Section
        id="panel-exportar"
        title="Exportar"
        lead="Archivos CSV del periodo para la contabilidad (se abren en Excel)."
      >
        <Exports period={period} />
      </Section>
    </div>
  );
}
