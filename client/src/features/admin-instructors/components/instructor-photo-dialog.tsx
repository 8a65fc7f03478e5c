import { useId, useRef, useState } from 'react';
import { useRemoveInstructorPhoto, useUploadInstructorPhoto } from '@/api/generated/admin/admin';
import type { InstructorProfileDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { InstructorAvatar } from '@/features/instructors';

/** What the server takes: JPG, PNG or WebP, up to 8 MB (it checks the content itself too). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
const NOT_AN_IMAGE = 'El archivo no es una imagen JPG, PNG o WebP.';
const TOO_LARGE = 'La foto pesa más de 8 MB. Elige una más ligera.';

/** The server's own messages for what a browser can tell before uploading. */
export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > PHOTO_MAX_BYTES) return TOO_LARGE;
  return null;
}

/**
 * "Foto" of a profile: the photo it has (or its initials), a file to choose with its preview, then
 * "Subir foto"; "Quitar foto" takes it away. The site crops it square and makes its sizes.
 */
export function InstructorPhotoDialog({
  profile,
  onClose,
}: {
  profile: InstructorProfileDto | null;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(profile);
  if (profile && profile !== shown) setShown(profile);
  return (
    <Dialog
      open={profile !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Foto del instructor"
      description={shown ? `${shown.name} · JPG, PNG o WebP de hasta 8 MB; se recorta en cuadro.` : undefined}
    >
      {shown ? <PhotoPicker key={shown.id} profile={shown} onDone={onClose} /> : null}
    </Dialog>
  );
}

function PhotoPicker({ profile, onDone }: { profile: InstructorProfileDto; onDone: () => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The chosen file, shown as a data: URL until it is uploaded (the site's CSP allows no blob: images).
  const [chosen, setChosen] = useState<{ file: File; preview: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;
  const upload = useUploadInstructorPhoto();
  const remove = useRemoveInstructorPhoto();
  const toast = useToast();
  const busy = upload.isPending || remove.isPending;
  const done = (answer: { message: string }) => {
    toast.show(answer.message);
    onDone();
  };
  const error = problem ? { messages: [problem] } : { error: upload.error ?? remove.error };

  const choose = (picked: File | undefined) => {
    upload.reset();
    remove.reset();
    if (!picked) return;
    const found = photoProblem(picked);
    setProblem(found);
    setChosen(found ? null : { file: picked, preview: null });
    if (found) return;
    const reader = new FileReader();
    reader.onload = () =>
      setChosen((current) =>
        current?.file === picked && typeof reader.result === 'string'
          ? { file: picked, preview: reader.result }
          : current,
      );
    reader.readAsDataURL(picked);
    // The same file chosen again after a refusal fires a change again.
    if (found && input.current) input.current.value = '';
  };

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-4">
        {preview ? (
          <img
            src={preview}
            alt={`Vista previa de la foto de ${profile.name}`}
            width={96}
            height={96}
            className="size-24 rounded-full bg-sand object-cover"
          />
        ) : (
          <InstructorAvatar name={profile.name} photoUrl={profile.photoUrl} size="lg" eager />
        )}
        <div className="space-y-2">
          <label htmlFor={inputId} className="block text-sm font-medium text-ink-strong">
            {profile.photoUrl ? 'Elegir otra foto' : 'Elegir una foto'}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0])}
            className="block text-sm text-ink file:mr-3 file:rounded-pill file:border-0 file:bg-sand file:px-4 file:py-2 file:text-sm file:font-medium file:text-ink-strong"
          />
        </div>
      </div>
      <ErrorMessage {...error} />
      <div className="flex flex-wrap justify-end gap-2">
        {profile.photoUrl ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => remove.mutate({ data: { id: profile.id } }, { onSuccess: done })}
          >
            {remove.isPending ? 'Quitando…' : 'Quitar foto'}
          </Button>
        ) : null}
        <Button
          size="sm"
          disabled={!file || busy}
          onClick={() => {
            if (file) upload.mutate({ data: { instructorId: profile.id, file } }, { onSuccess: done });
          }}
        >
          {upload.isPending ? 'Subiendo…' : 'Subir foto'}
        </Button>
      </div>
    </div>
  );
}
