import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useExportData } from '@/api/generated/informacion/informacion';
import type { ExportLinkResponseDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { studioTimeZone } from '@/lib/studio-time-zone';
import { DeleteAccountDialog } from './delete-account-dialog';

export const YOUR_DATA_HINT =
  'Descarga todo lo que el estudio guarda de ti: tu perfil, consentimientos, planes, reservaciones, asistencia, pagos y mensajes.';

/** «el sábado 28 de noviembre a las 6:00 p.m.», in the studio's time. */
export function formatExpiry(iso: string): string {
  const at = new Date(iso);
  const timeZone = studioTimeZone();
  const weekday = new Intl.DateTimeFormat('es-MX', { weekday: 'long', timeZone }).format(at);
  const day = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', timeZone }).format(at);
  const time = new Intl.DateTimeFormat('es-MX', { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
  return `el ${weekday} ${day} a las ${time}`;
}

export interface YourDataProps {
  /** After the account was deleted (the session is over): log out locally and leave. */
  onDeleted: () => void;
}

/** Mi información → «Tus datos»: download everything (two links for 24 hours) and delete the account. */
export function YourData({ onDeleted }: YourDataProps) {
  const exportData = useExportData();
  const [links, setLinks] = useState<ExportLinkResponseDto | null>(null);
  const [deleting, setDeleting] = useState(false);

  return (
    <section aria-labelledby="tus-datos" className="rounded-card bg-surface p-6 shadow-soft md:p-8">
      <h2 id="tus-datos" className="flex items-center gap-2 text-xl font-semibold text-ink-strong">
        <ShieldCheck aria-hidden="true" className="size-5 text-accent" />
        Tus datos
      </h2>
      <p className="mt-2 max-w-prose text-ink-muted">{YOUR_DATA_HINT}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button
          loading={exportData.isPending}
          onClick={() => exportData.mutate(undefined, { onSuccess: (answer) => setLinks(answer) })}
        >
          Descargar mis datos
        </Button>
        <Button variant="secondary" onClick={() => setDeleting(true)}>
          Eliminar mi cuenta
        </Button>
      </div>
      <ErrorMessage error={exportData.error} className="mt-4" />
      {links ? (
        <div className="mt-4 space-y-2" aria-live="polite">
          <p className="text-ink">
            Tus archivos están listos. Los enlaces funcionan {formatExpiry(links.expiresAt)}, solo en tu sesión.
          </p>
          <ul className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            <li>
              <a href={links.url} download className="inline-flex items-center gap-2 font-medium text-accent underline">
                <Download aria-hidden="true" className="size-4" />
                Todo en un archivo (JSON)
              </a>
            </li>
            <li>
              <a
                href={links.zipUrl}
                download
                className="inline-flex items-center gap-2 font-medium text-accent underline"
              >
                <Download aria-hidden="true" className="size-4" />
                Tablas para Excel (ZIP)
              </a>
            </li>
          </ul>
        </div>
      ) : null}
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} onDeleted={onDeleted} />
    </section>
  );
}
