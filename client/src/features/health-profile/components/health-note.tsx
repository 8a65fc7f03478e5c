import { HeartPulse } from 'lucide-react';
import { useState } from 'react';
import { HealthDetailDialog } from '../dialogs-on-demand';

export const HEALTH_NOTE_LABEL = 'Tiene notas de salud';

export interface HealthNoteProps {
  userId: number;
  name: string;
  /** The class whose roster shows it (an instructor may read only from a class they teach). */
  classId: number | null;
}

/** The roster's marker beside a name: activating it opens the questionnaire's detail. */
export function HealthNote({ userId, name, classId }: HealthNoteProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={HEALTH_NOTE_LABEL}
        title={HEALTH_NOTE_LABEL}
        onClick={() => setOpen(true)}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-control text-danger hover:bg-sand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        <HeartPulse aria-hidden="true" className="size-4" />
      </button>
      <HealthDetailDialog open={open} onOpenChange={setOpen} person={{ userId, name, classId }} />
    </>
  );
}
