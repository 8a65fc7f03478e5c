import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useGetUsers, useWalkIn } from '@/api/generated/admin/admin';
import type { SlotSpotDto, WalkInDto } from '@/api/generated/model';
import { ClientIdentityFields } from '@/components/forms/client-identity-fields';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { registerSchema } from '@/features/auth';
import { showFormErrors, shownUnderFields, type CodeFields } from '@/lib/server-field-errors';
import { ANY_LABEL } from './room-spots';

const { name, email, cumpleanos } = registerSchema.shape;
/** A client created at the door: the registration's name, email and birth date rules. */
export const walkInClientSchema = z.object({ name, email, cumpleanos });
type WalkInClientInput = z.input<typeof walkInClientSchema>;
type WalkInClientValues = z.output<typeof walkInClientSchema>;

const FIELDS = ['name', 'email', 'cumpleanos'] as const;
const CODE_FIELDS: CodeFields<WalkInClientInput> = { EMAIL_TAKEN: 'email' };
const SEARCH_DELAY_MS = 300;
const RESULTS = 5;
const ANY = 'any';

export interface RosterWalkInProps {
  date: string;
  scheduleId: number;
  /** Whether a place is free now (the server decides again). */
  placeFree: boolean;
  /** The reformers free now, front row first: the walk-in goes on the one chosen ("Cualquiera" by default). */
  freeSpots?: readonly Pick<SlotSpotDto, 'id' | 'label'>[];
}

/**
 * "Agregar cliente" at the door: an existing client found by name or email, or a new one. The
 * class comes from their plan when one covers the date; otherwise it is paid at the studio.
 */
export function RosterWalkIn({ date, scheduleId, placeFree, freeSpots = [] }: RosterWalkInProps) {
  const [open, setOpen] = useState(false);
  const [spotChoice, setSpotChoice] = useState(ANY);
  const toast = useToast();
  const walkIn = useWalkIn();
  // A reformer taken meanwhile leaves the choices: back to "Cualquiera".
  const spot = freeSpots.find((free) => String(free.id) === spotChoice);
  const add = (body: Omit<WalkInDto, 'date' | 'classReservation' | 'spot'>, onError?: (error: unknown) => void) =>
    walkIn.mutate(
      { data: { date, classReservation: scheduleId, ...body, ...(spot ? { spot: spot.id } : {}) } },
      {
        onSuccess: (answer) => {
          toast.show(`${answer.message} Su lugar: ${answer.spot.label}.`);
          setOpen(false);
        },
        onError,
      },
    );

  if (!open) {
    return (
      <div className="mt-4 border-t border-line pt-4">
        <Button
          variant="secondary"
          className="min-h-12 w-full"
          icon={<UserPlus aria-hidden="true" className="size-5" />}
          disabled={!placeFree}
          onClick={() => {
            walkIn.reset();
            setSpotChoice(ANY);
            setOpen(true);
          }}
        >
          Agregar cliente
        </Button>
        {placeFree ? null : <p className="mt-2 text-center text-sm text-ink-muted">La clase está llena.</p>}
      </div>
    );
  }

  return (
    <section aria-label="Agregar cliente" className="mt-4 space-y-3 border-t border-line pt-4">
      <h3 className="font-medium text-ink-strong">Agregar cliente a esta clase</h3>
      <p className="text-sm text-ink-muted">
        Usa una clase de su plan si tiene uno vigente para esta fecha; si no, queda como «Pagado en estudio».
      </p>
      {freeSpots.length > 0 ? (
        <Select
          label="Reformer"
          options={[
            { value: ANY, label: ANY_LABEL },
            ...freeSpots.map((free) => ({ value: String(free.id), label: free.label })),
          ]}
          value={spot ? spotChoice : ANY}
          onValueChange={setSpotChoice}
          hint="«Cualquiera»: su favorito si está libre, si no el que usó la última vez, si no el primero libre."
        />
      ) : null}
      <Tabs defaultValue="existing" onValueChange={() => walkIn.reset()}>
        <TabsList aria-label="Tipo de cliente">
          <TabsTrigger value="existing">Cliente existente</TabsTrigger>
          <TabsTrigger value="new">Cliente nuevo</TabsTrigger>
        </TabsList>
        <TabsContent value="existing">
          <ExistingClient pending={walkIn.isPending} onPick={(userId) => add({ userId })} />
          <ErrorMessage error={walkIn.error} className="mt-3" />
        </TabsContent>
        <TabsContent value="new">
          <NewClientForm
            pending={walkIn.isPending}
            error={walkIn.error}
            onSubmit={(values, onError) => add(values, onError)}
          />
        </TabsContent>
      </Tabs>
      <Button variant="ghost" className="w-full" disabled={walkIn.isPending} onClick={() => setOpen(false)}>
        Cancelar
      </Button>
    </section>
  );
}

function ExistingClient({ pending, onPick }: { pending: boolean; onPick: (userId: number) => void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useGetUsers({ pagination: 1, limit: RESULTS, search }, { query: { enabled: search.length >= 2 } });
  const clients = (found.data?.usuarios ?? []).filter((user) => user.active === 1);

  return (
    <div className="space-y-3">
      <TextField
        label="Buscar por nombre o correo"
        type="search"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint="Escribe al menos 2 letras."
      />
      {search.length >= 2 && found.data && clients.length === 0 ? (
        <p className="text-sm text-ink-muted">No encontramos clientes activos con «{search}».</p>
      ) : null}
      <ErrorMessage error={found.data ? null : found.error} />
      <ul className="space-y-2">
        {clients.map((user) => (
          <li key={user.id} className="flex items-center gap-3">
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words text-ink-strong">{user.name}</span>
              <span className="block text-sm break-words text-ink-muted">{user.email}</span>
            </span>
            <Button
              size="md"
              className="min-h-12"
              aria-label={`Agregar a ${user.name}`}
              disabled={pending}
              onClick={() => onPick(user.id)}
            >
              Agregar
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NewClientForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: unknown;
  onSubmit: (values: WalkInClientValues, onError: (error: unknown) => void) => void;
}) {
  const form = useForm<WalkInClientInput, unknown, WalkInClientValues>({
    resolver: zodResolver(walkInClientSchema),
    defaultValues: { name: '', email: '', cumpleanos: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    onSubmit(values, (failure) => showFormErrors(failure, FIELDS, form.setError, CODE_FIELDS)),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ClientIdentityFields
        fields={{ name: form.register('name'), email: form.register('email'), birthDate: form.register('cumpleanos') }}
        errors={{ name: errors.name?.message, email: errors.email?.message, birthDate: errors.cumpleanos?.message }}
      />
      <p className="text-sm text-ink-muted">Le enviaremos un correo para que elija su contraseña.</p>
      {shownUnderFields(error, FIELDS, CODE_FIELDS) ? null : <ErrorMessage error={error} />}
      <Button type="submit" className="min-h-12 w-full" loading={pending} loadingLabel="Agregando…">
        Crear y agregar
      </Button>
    </form>
  );
}
