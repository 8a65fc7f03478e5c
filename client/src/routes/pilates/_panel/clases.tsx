import { createFileRoute } from '@tanstack/react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { CalendarFeed } from '../../../features/my-classes/components/calendar-feed';
import { MyClasses } from '../../../features/my-classes/components/my-classes';
import { MyPlans } from '../../../features/plans/components/my-plans';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/clases')({
  head: titleHead('Mis clases'),
  component: ClasesPage,
});

function ClasesPage() {
  return (
    <section aria-labelledby="mis-clases-titulo">
      <h1 id="mis-clases-titulo" className="text-title">
        Mis clases
      </h1>
      <Tabs defaultValue="clases" className="mt-6">
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
    </section>
  );
}
