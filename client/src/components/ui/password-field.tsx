import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useFieldIds } from './field';
import { TextField, type TextFieldProps } from './text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with its own show/hide toggle; each field toggles independently. */
export function PasswordField({ id, autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  const { controlId } = useFieldIds(id);
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? 'Ocultar contraseña' : 'Mostrar contraseña';
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      id={controlId}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      // Browsers and password managers should not autocorrect or capitalise a password.
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={toggleLabel}
          aria-controls={controlId}
          title={toggleLabel}
          className="inline-flex size-9 items-center justify-center rounded-control text-ink-muted transition-colors hover:bg-sand hover:text-ink"
        >
          <Icon aria-hidden="true" className="size-[1.125rem]" />
        </button>
      }
      {...props}
    />
  );
}
