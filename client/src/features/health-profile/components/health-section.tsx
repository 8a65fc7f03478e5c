import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { HeartPulse } from 'lucide-react';
import { useState } from 'react';
import { getGetMyHealthProfileQueryKey, getMyHealthProfile } from '@/api/generated/informacion/informacion';
import type { HealthProfileDto, MyHealthProfileResponseDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';
import { HealthProfileDialog } from './health-profile-dialog';
import { HealthProfileSummary } from './health-profile-summary';

/** The caller's questionnaire (GET /api/informacion/health), as the route's loader may prefetch it. */
export const healthProfileQueryOptions = queryOptions({
  queryKey: getGetMyHealthProfileQueryKey(),
  queryFn: ({ signal }) => getMyHealthProfile({ signal }),
});

export const HEALTH_SECTION_TITLE = 'Salud y contacto de emergencia';
export const HEALTH_SAVED_MESSAGE = 'Guardamos tu cuestionario de salud.';

/** Mi información: «Salud y contacto de emergencia», to read and update the questionnaire any time. */
export function HealthSection({ onChanged }: { onChanged: (message: string) => void }) {
  return (
    <section aria-labelledby="salud" className="rounded-card bg-surface p-6 shadow-soft md:p-8">
      <h2 id="salud" className="flex items-center gap-2 text-xl font-semibold text-ink-strong">
        <HeartPulse aria-hidden="true" className="size-5 text-accent" />
        {HEALTH_SECTION_TITLE}
      </h2>
      <p className="mt-2 max-w-prose text-ink-muted">
        Solo lo ven la administración del estudio y quien te da clase; cada consulta queda registrada. Se borra si
        eliminas tu cuenta.
      </p>
      <PageQueryBoundary
        fallback={<Spinner label="Cargando tu cuestionario…" className="mt-6" />}
        error={(error) => <ErrorMessage error={error} className="mt-6" />}
      >
        <HealthState onChanged={onChanged} />
      </PageQueryBoundary>
    </section>
  );
}

function HealthState({ onChanged }: { onChanged: (message: string) => void }) {
  const queryClient = useQueryClient();
  const { profile } = usePageQuery(healthProfileQueryOptions).data;
  const [open, setOpen] = useState(false);
  const saved = (next: HealthProfileDto) => {
    queryClient.setQueryData<MyHealthProfileResponseDto>(healthProfileQueryOptions.queryKey, (current) =>
      current ? { ...current, profile: next } : current,
    );
    setOpen(false);
    onChanged(HEALTH_SAVED_MESSAGE);
  };
  return (
    <div className="mt-6 space-y-4">
      {profile ? (
        <HealthProfileSummary profile={profile} />
      ) : (
        <p className="text-ink">Aún no llenas tu cuestionario de salud. Lo necesitamos antes de tu primera clase.</p>
      )}
      <Button variant={profile ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
        {profile ? 'Actualizar mi cuestionario' : 'Llenar mi cuestionario'}
      </Button>
      <HealthProfileDialog open={open} onOpenChange={setOpen} profile={profile} onSaved={saved} />
    </div>
  );
}
