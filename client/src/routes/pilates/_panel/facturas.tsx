import { createFileRoute } from '@tanstack/react-router';
import { AdminInvoices } from '../../../features/admin-invoices';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/facturas')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.PaymentsRead),
  head: titleHead('Facturas'),
  component: FacturasPage,
});

function FacturasPage() {
  return (
    <section aria-labelledby="facturas-titulo" className="space-y-6">
      <div>
        <h1 id="facturas-titulo" className="text-title">
          Facturas
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Las facturas (CFDI) del mes: pendientes, emitidas, fallidas o canceladas. Reintenta una fallida, cancela una
          emitida cuando su compra se reembolsó o sus datos estaban mal, descarga su PDF y su XML, revisa la factura
          global del mes y descarga el CSV para la contadora.
        </p>
      </div>
      <AdminInvoices />
    </section>
  );
}
