/*
 * The dashboard's charts drawn with recharts: loaded by charts.tsx in the browser only, after the
 * page has hydrated, so recharts travels neither with the public pages nor in the server's renderer.
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

const COLORS = { accent: '#a4553a', sage: '#8a9a7b', olive: '#4f5b45', sand: '#dccfbb' };

/**
 * A legend entry's words in the page's ink: recharts paints them in the series' colour, and sage or
 * sand on white is under the 4.5:1 contrast text needs (WCAG 1.4.3). The swatch keeps the colour.
 */
const legendText = (value: string) => <span className="text-ink">{value}</span>;

export function RevenueDrawing({ months }: { months: readonly RevenueMonthDto[] }) {
  const data = months.map((m) => ({
    mes: monthLabel(m.month),
    mercadoPago: m.mercadoPagoNetCents / 100,
    estudio: m.adminPaidCents / 100,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={COLORS.sand} />
        <XAxis dataKey="mes" tick={{ fontSize: 12 }} />
        <YAxis tickFormatter={(v: number) => formatCount(v)} tick={{ fontSize: 12 }} width={72} />
        <Tooltip formatter={(value) => formatCents(Math.round(Number(value) * 100))} />
        <Legend formatter={legendText} />
        <Bar dataKey="mercadoPago" name="Mercado Pago (neto)" stackId="ingresos" fill={COLORS.accent} />
        <Bar dataKey="estudio" name="Pagado en estudio (precio de catálogo)" stackId="ingresos" fill={COLORS.sage} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function AttendanceDrawing({ attendance }: { attendance: AttendanceDto }) {
  const data = [
    { name: 'Asistió', value: attendance.attended, color: COLORS.olive },
    { name: 'No asistió', value: attendance.noShow, color: COLORS.accent },
    { name: 'Sin marcar', value: attendance.notMarked, color: COLORS.sand },
  ];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="80%" isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.name} fill={d.color} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Legend formatter={legendText} />
      </PieChart>
    </ResponsiveContainer>
  );
}
