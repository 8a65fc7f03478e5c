/*
 * The dashboard's charts (recharts). This module is imported only by the dashboard, so recharts
 * travels in the admin page's chunk, never with the public pages.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AttendanceDto, RevenueMonthDto } from '@/api/generated/model';
import { formatCents, formatCount, monthLabel } from '../format';
import { useMounted } from './mounted';

const COLORS = { accent: '#a4553a', sage: '#8a9a7b', olive: '#4f5b45', sand: '#dccfbb' };

/** A fixed-height box: the server renders it empty, the browser draws the chart into it. */
function ChartBox({ label, children }: { label: string; children: () => React.ReactElement }) {
  const mounted = useMounted();
  return (
    <div role="img" aria-label={label} className="h-64 w-full" data-chart="">
      {mounted ? (
        <ResponsiveContainer width="100%" height="100%">
          {children()}
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}

export function RevenueChart({ months }: { months: readonly RevenueMonthDto[] }) {
  const data = months.map((m) => ({
    mes: monthLabel(m.month),
    mercadoPago: m.mercadoPagoNetCents / 100,
    estudio: m.adminPaidCents / 100,
  }));
  return (
    <ChartBox label="Gráfica de ingresos por mes: Mercado Pago y planes pagados en el estudio">
      {() => (
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={COLORS.sand} />
          <XAxis dataKey="mes" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={(v: number) => formatCount(v)} tick={{ fontSize: 12 }} width={72} />
          <Tooltip formatter={(value) => formatCents(Math.round(Number(value) * 100))} />
          <Legend />
          <Bar dataKey="mercadoPago" name="Mercado Pago (neto)" stackId="ingresos" fill={COLORS.accent} />
          <Bar dataKey="estudio" name="Pagado en estudio (precio de catálogo)" stackId="ingresos" fill={COLORS.sage} />
        </BarChart>
      )}
    </ChartBox>
  );
}

export function AttendanceChart({ attendance }: { attendance: AttendanceDto }) {
  const data = [
    { name: 'Asistió', value: attendance.attended, color: COLORS.olive },
    { name: 'No asistió', value: attendance.noShow, color: COLORS.accent },
    { name: 'Sin marcar', value: attendance.notMarked, color: COLORS.sand },
  ];
  return (
    <ChartBox label="Gráfica de asistencia: asistió, no asistió y sin marcar">
      {() => (
        <PieChart>
          <Pie data={data} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="80%" isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.name} fill={d.color} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => formatCount(Number(value))} />
          <Legend />
        </PieChart>
      )}
    </ChartBox>
  );
}
