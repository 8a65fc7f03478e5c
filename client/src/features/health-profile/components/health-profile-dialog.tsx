import type { HealthProfileDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { HEALTH_DIALOG_TITLE, HealthProfileForm } from './health-profile-form';

export interface HealthProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The saved answers to update; null the first time (the booking's HEALTH_PROFILE_REQUIRED). */
  profile: HealthProfileDto | null;
  onSaved: (profile: HealthProfileDto) => void;
  /** What the dialog says above the form (why it opened). */
  intro?: string;
  submitLabel?: string;
}

/** «Cuestionario de salud»: the questionnaire in a dialog, before a first booking or from Mi información. */
export function HealthProfileDialog({
  open,
  onOpenChange,
  profile,
  onSaved,
  intro,
  submitLabel,
}: HealthProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={HEALTH_DIALOG_TITLE} description={intro}>
      {/* A new form at each opening: what was typed and not saved is not kept. */}
      {open ? (
        <HealthProfileForm
          profile={profile}
          onSaved={onSaved}
          submitLabel={submitLabel}
          secondary={
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
          }
        />
      ) : null}
    </Dialog>
  );
}
