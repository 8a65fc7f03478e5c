import { useState } from 'react';
import type { UserDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@pilates/dates';
import { ChangeInfoDialog } from './change-info-dialog';
import { ChangePasswordDialog } from './change-password-dialog';

export const INFO_CHANGED_MESSAGE = 'Se cambió tu información personal';

export interface PersonalInfoProps {
  user: UserDto;
  onChanged: (user: UserDto) => void;
  onPasswordChanged?: () => void;
  /** "Cerrar sesión en todos los dispositivos". */
  onLogoutEverywhere?: () => void;
  loggingOutEverywhere?: boolean;
}

/** "Mi información": the user's data, and the buttons that change it, the password, or end every session. */
export function PersonalInfo({
  user,
  onChanged,
  onPasswordChanged,
  onLogoutEverywhere,
  loggingOutEverywhere = false,
}: PersonalInfoProps) {
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const rows = [
    { label: 'Nombre', value: user.name },
    { label: 'Correo electrónico', value: user.email },
    { label: 'Fecha de nacimiento', value: formatLongDate(user.cumpleanos) },
  ];
  return (
    <section aria-labelledby="mi-informacion" className="rounded-card bg-surface p-6 shadow-soft md:p-8">
      <h1 id="mi-informacion" className="text-title">
        Mi información
      </h1>
      <dl className="mt-6 divide-y divide-line">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 py-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="text-sm font-medium text-ink-muted">{row.label}</dt>
            <dd className="break-words text-ink-strong">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={() => setEditing(true)}>Cambiar información</Button>
        <Button variant="secondary" onClick={() => setChangingPassword(true)}>
          Cambiar contraseña
        </Button>
        {onLogoutEverywhere ? (
          <Button
            variant="ghost"
            // The longest label: it may wrap on a narrow phone instead of overflowing the card.
            className="h-auto min-h-11 whitespace-normal py-2 text-center"
            loading={loggingOutEverywhere}
            onClick={onLogoutEverywhere}
          >
            Cerrar sesión en todos los dispositivos
          </Button>
        ) : null}
      </div>
      <ChangePasswordDialog
        open={changingPassword}
        onOpenChange={setChangingPassword}
        onChanged={() => {
          setChangingPassword(false);
          onPasswordChanged?.();
        }}
      />
      <ChangeInfoDialog
        open={editing}
        onOpenChange={setEditing}
        ownAccount
        user={user}
        onChanged={(changed) => {
          setEditing(false);
          onChanged(changed);
        }}
      />
    </section>
  );
}
