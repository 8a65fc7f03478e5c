import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { CalendarFeed } from '../../../features/my-classes/components/calendar-feed';
import { MembershipReturn } from '../../../features/memberships';
import { MyClasses } from '../../../features/my-classes/components/my-classes';
import { MyPlans } from '../../../features/plans/components/my-plans';
import {
  PaidWithBalanceBanner,
  PaymentReturn,
  PurchaseDialog,
  paymentReturnSearchSchema,
} from '../../../features/purchase';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/clases')({
  // Mercado Pago sends the client back here with the payment's result.
  validateSearch: paymentReturnSearchSchema,
  head: titleHead('Mis clases'),
  component: ClasesPage,
});

function ClasesPage() {
  const { payment_id: paymentId, pago, ver, membresia } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Paid whole with the gift balance: said once, then the URL forgets it (a reload says nothing).
  const [paidWithBalance] = useState(pago === 'saldo');
  useEffect(() => {
    if (pago === 'saldo') void navigate({ search: {}, replace: true });
  }, [pago, navigate]);
  // Back from a payment the new plan is what matters: open on "Planes" (and from a mail's "Ver mis planes").
  const [tab, setTab] = useState(paymentId || paidWithBalance || ver === 'planes' ? 'planes' : 'clases');
  const [buying, setBuying] = useState(false);

  return (
    <section aria-labelledby="mis-clases-titulo">
      <h1 id="mis-clases-titulo" className="text-title">
        Mis clases
      </h1>
      <div className="mt-6 empty:hidden">
        {paidWithBalance ? <PaidWithBalanceBanner /> : null}
        {/* Back from a membership's subscription at Mercado Pago: its state, while the page is open. */}
        {membresia ? <MembershipReturn /> : null}
        <PaymentReturn
          paymentId={paymentId}
          // Checked once: a reload must not check (or announce) the payment again.
          onConfirmed={() => void navigate({ search: {}, replace: true })}
          onRetry={() => setBuying(true)}
        />
      </div>
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <TabsList aria-label="Mis clases y planes">
          <TabsTrigger value="clases">Mis clases</TabsTrigger>
          <TabsTrigger value="planes">Planes</TabsTrigger>
        </TabsList>
        <TabsContent value="clases" className="space-y-8">
          <MyClasses />
          <CalendarFeed />
        </TabsContent>
        <TabsContent value="planes">
          <MyPlans />
        </TabsContent>
      </Tabs>
      <PurchaseDialog open={buying} onOpenChange={setBuying} />
    </section>
  );
}
