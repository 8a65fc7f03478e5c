import { Tag, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessages } from '@/api/api-error';
import type { CheckoutPreviewResponseDto } from '@/api/generated/model';
import { usePreviewCheckout } from '@/api/generated/payments/payments';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

/** A code the server accepted for the plan, with the preview it answered. */
export interface AppliedPromo {
  code: string;
  preview: CheckoutPreviewResponseDto;
}

export const PROMO_FIELD_LABEL = '¿Tienes un código?';
export const PROMO_APPLY_LABEL = 'Aplicar';

/** Letters and digits only, as the server accepts them. */
const CODE_PATTERN = /^[A-Za-z0-9]+$/;

interface PromoCodeFieldProps {
  planId: number;
  applied: AppliedPromo | null;
  onApplied: (applied: AppliedPromo | null) => void;
  disabled?: boolean;
}

/**
 * "¿Tienes un código?": the code is checked by the server's preview (price, discount, commission on
 * the discounted price, total) before anything is paid; a refusal says why in Spanish.
 */
export function PromoCodeField({ planId, applied, onApplied, disabled = false }: PromoCodeFieldProps) {
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const preview = usePreviewCheckout({
    mutation: {
      onSuccess: (answer, { data }) => onApplied({ code: data.code ?? '', preview: answer }),
    },
  });

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-control border border-line bg-sage-soft px-3 py-2 text-sm text-ink">
        <span className="flex items-center gap-2">
          <Tag aria-hidden="true" className="size-4" />
          Código <strong className="font-semibold">{applied.code.toUpperCase()}</strong> aplicado
        </span>
        <Button
          size="sm"
          variant="ghost"
          disabled={disabled}
          icon={<X aria-hidden="true" className="size-4" />}
          onClick={() => {
            preview.reset();
            setText('');
            onApplied(null);
          }}
        >
          Quitar código
        </Button>
      </div>
    );
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim();
    if (!CODE_PATTERN.test(code)) {
      setLocalError(code === '' ? 'Escribe el código.' : 'El código solo lleva letras y números.');
      return;
    }
    setLocalError(null);
    preview.mutate({ data: { planId, code } });
  };
  const error = localError ?? (preview.isError ? errorMessages(preview.error).join(' ') : undefined);

  return (
    <form onSubmit={apply} noValidate className="flex items-start gap-2">
      <TextField
        label={PROMO_FIELD_LABEL}
        className="flex-1"
        value={text}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={30}
        disabled={disabled}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setLocalError(null);
        }}
      />
      <Button type="submit" variant="secondary" className="mt-7" loading={preview.isPending} disabled={disabled}>
        {PROMO_APPLY_LABEL}
      </Button>
    </form>
  );
}
