/*
 * The dashboard's chart boxes. The server renders them empty (recharts measures the DOM); the
 * browser loads the drawings (chart-drawings.tsx, recharts) once the page has hydrated. The
 * server's renderer never includes recharts: `import.meta.env.SSR` drops the import there.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import type { AttendanceDto, RevenueMonthDto } from '@/api/generated/model';
import { useMounted } from './mounted';

const drawings = () => import('./chart-drawings');
const RevenueDrawing = import.meta.env.SSR
  ? null
  : lazy(() => drawings().then((module) => ({ default: module.RevenueDrawing })));
const AttendanceDrawing = import.meta.env.SSR
  ? null
  : lazy(() => drawings().then((module) => ({ default: module.AttendanceDrawing })));

/** A fixed-height box: the server renders it empty, the browser draws the chart into it. */
function ChartBox({ label, children }: { label: string; children: () => ReactNode }) {
  const mounted = useMounted();
  return (
    <div role="img" aria-label={label} className="h-64 w-full" data-chart="">
      {mounted ? <Suspense fallback={null}>{children()}</Suspense> : null}
    </div>
  );
}

export function RevenueChart({ months }: { months: readonly RevenueMonthDto[] }) {
  return (
    <ChartBox label="Gráfica de ingresos por mes: Mercado Pago y planes pagados en el estudio">
      {() => (RevenueDrawing ? <RevenueDrawing months={months} /> : null)}
    </ChartBox>
  );
}

export function AttendanceChart({ attendance }: { attendance: AttendanceDto }) {
  return (
    <ChartBox label="Gráfica de asistencia: asistió, no asistió y sin marcar">
      {() => (AttendanceDrawing ? <AttendanceDrawing attendance={attendance} /> : null)}
    </ChartBox>
  );
}
