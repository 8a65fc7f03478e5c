import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { errorMessages } from '../../api/api-error';
import { Button } from './button';
import { ErrorMessage } from './error-message';

export interface LoadErrorProps {
  /** What the read threw (turned into Spanish messages). */
  error: unknown;
  /** Reads again (a `PageQueryBoundary`'s retry, or a query's refetch). */
  retry: () => void;
  /** A sentence said before the error's own messages ("No pudimos cargar los planes."). */
  lead?: string;
}

/** A read that failed: why, in Spanish, and "Reintentar", busy until the part reads again. */
export function LoadError({ error, retry, lead }: LoadErrorProps) {
  const [retrying, setRetrying] = useState(false);
  return (
    <div className="flex max-w-prose flex-col items-start gap-4">
      <ErrorMessage messages={[...(lead ? [lead] : []), ...errorMessages(error)]} className="w-full" />
      <Button
        variant="secondary"
        loading={retrying}
        loadingLabel="Reintentando…"
        icon={<RotateCw aria-hidden="true" className="size-4" />}
        onClick={() => {
          setRetrying(true);
          retry();
        }}
      >
        Reintentar
      </Button>
    </div>
  );
}
