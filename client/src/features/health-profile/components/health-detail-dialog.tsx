import { useGetHealthProfile } from '@/api/generated/health-profiles/health-profiles';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { HealthProfileSummary } from './health-profile-summary';

export interface HealthDetailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whose questionnaire, their name, and the class whose roster it is opened from. */
  person: { userId: number; name: string; classId: number | null } | null;
}

/** A client's questionnaire as staff read it from a roster: loaded when opened (the server logs each reading). */
export function HealthDetailDialog({ open, onOpenChange, person }: HealthDetailDialogProps) {
  const detail = useGetHealthProfile(
    person?.userId ?? 0,
    person?.classId ? { classId: String(person.classId) } : undefined,
    // Each opening reads it again (and is logged): nothing of it stays in the cache.
    { query: { enabled: open && person !== null, gcTime: 0, staleTime: 0, retry: false } },
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={person ? `Notas de salud de ${person.name}` : 'Notas de salud'}
      description="Datos sensibles: úsalos solo para cuidar a tu alumna en clase. Esta consulta queda registrada."
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cerrar
        </Button>
      }
    >
      {detail.data ? (
        <HealthProfileSummary profile={detail.data.profile} />
      ) : detail.error ? (
        <ErrorMessage error={detail.error} />
      ) : (
        <Spinner label="Cargando…" />
      )}
    </Dialog>
  );
}
