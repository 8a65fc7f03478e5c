import type { UseFormRegisterReturn } from 'react-hook-form';
import { DateField } from '@/components/ui/date-field';
import { TextField } from '@/components/ui/text-field';

export interface ClientIdentityFieldsProps {
  /** The form's registration of each field (`form.register('name')`, …). */
  fields: {
    name: UseFormRegisterReturn<'name'>;
    email: UseFormRegisterReturn<'email'>;
    birthDate: UseFormRegisterReturn<'cumpleanos'>;
  };
  errors: { name?: string; email?: string; birthDate?: string };
  /** False where a blank field keeps what is stored (editing an account). */
  required?: boolean;
}

/**
 * Who a client is, as the studio's staff types it for them (a new account, a walk-in at the door):
 * name, email and birth date (also when an admin edits them). Autofill stays off: the details are
 * someone else's, not the staff's.
 */
export function ClientIdentityFields({ fields, errors, required = true }: ClientIdentityFieldsProps) {
  return (
    <>
      <TextField label="Nombre" autoComplete="off" required={required} error={errors.name} {...fields.name} />
      <TextField
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required={required}
        error={errors.email}
        {...fields.email}
      />
      <DateField
        label="Fecha de nacimiento"
        autoComplete="off"
        required={required}
        error={errors.birthDate}
        {...fields.birthDate}
      />
    </>
  );
}
