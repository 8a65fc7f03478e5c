import { useState } from 'react';
import type { UserDto } from '../../../api/generated/model';
import { Button } from '../../../components/ui/button';
import { formatLongDate } from '@pilates/dates';
import { ChangeInfoDialog } from './change-info-dialog';

export const INFO_CHANGED_MESSAGE = 'Se cambió tu información personal';

/** "Mi información": the user's data and the button that opens the change-information modal. */
export function PersonalInfo({ user, onChanged }: { user: UserDto; onChanged: (user: UserDto) => void }) {
  const [editing, setEditing] = useState(false);
  const rows = [
    { label: 'Nombre', value: user.name },
    { label: 'Email', value: user.email },
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
      <Button className="mt-6" onClick={() => setEditing(true)}>
        Cambiar información
      </Button>
      <ChangeInfoDialog
        open={editing}
        onOpenChange={setEditing}
        user={user}
        onChanged={(changed) => {
          setEditing(false);
          onChanged(changed);
        }}
      />
    </section>
  );
}
