import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { MEMBERSHIP_BOUNDS, type SettingsInput, type SettingsValues } from '../schemas';

type Form = UseFormReturn<SettingsInput, unknown, SettingsValues>;
type MembershipSetting = keyof typeof MEMBERSHIP_BOUNDS;

const FIELDS: { name: MembershipSetting; label: string; hint: string }[] = [
  {
    name: 'membershipGraceDays',
    label: 'Días de gracia con pago pendiente',
    hint: 'Si falla el cobro mensual, la membresía sigue reservando estos días mientras Mercado Pago reintenta; después ya no puede reservar clases nuevas (las que tiene no se cancelan).',
  },
  {
    name: 'membershipPauseMaxDaysPerYear',
    label: 'Días de pausa al año',
    hint: 'Lo más que un cliente puede pausar su membresía en el año (cada pausa, de 7 días o más). 0: no se puede pausar.',
  },
  {
    name: 'membershipDailyLimit',
    label: 'Clases por día de una membresía ilimitada',
    hint: 'Cuántas clases del mismo día puede reservar quien tiene una membresía sin límite por semana.',
  },
];

/** Ajustes → «Membresías»: the grace days of a failed charge, the pause days a year, the unlimited's daily classes. */
export function MembershipSettings({ form }: { form: Form }) {
  const errors = form.formState.errors;
  return (
    <>
      {FIELDS.map(({ name, label, hint }) => (
        <TextField
          key={name}
          label={label}
          hint={`${hint} De ${MEMBERSHIP_BOUNDS[name].min} a ${MEMBERSHIP_BOUNDS[name].max}.`}
          type="text"
          inputMode="numeric"
          error={errors[name]?.message}
          {...form.register(name)}
        />
      ))}
    </>
  );
}
