import { Check, MapPin, Shuffle, UserRound, Wrench, type LucideIcon } from 'lucide-react';
import { useId, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { attendanceLabel } from './attendance-controls';

// What the room map, its list and its legend share: the reformers' shape (structurally the API's
// sala and day-view DTOs), their labels, their look and the keyboard moves between them.

export type SpotState = 'free' | 'taken' | 'mine' | 'out_of_service';

/** A reformer: `GET /api/reservations/sala`'s spot (no state: free) or a day-view slot's spot. */
export interface RoomSpot {
  id: number;
  label: string;
  row: number;
  column: number;
  state?: SpotState;
  /** The admin's roster: who is on it, and whether they came (null: not marked yet). */
  person?: { name: string; attended?: boolean | null } | null;
}

/** Where the instructor stands, on the same grid as the reformers. */
export interface RoomCell {
  row: number;
  column: number;
}

/**
 * `client`: a client picks a free reformer. `admin`: the roster; a taken reformer is choosable too (to move its client).
 * `room`: the admin's "Sala"; every reformer is choosable, out of service too (choosing one edits it).
 */
export type RoomMode = 'client' | 'admin' | 'room';

/** The props the map, the list and the picker share. */
export interface RoomChoiceProps {
  spots: readonly RoomSpot[];
  /** The chosen reformer's id; null is "Cualquiera" (the studio picks). */
  selected: number | null;
  onSelect: (id: number | null) => void;
  /** The client's favourite reformer: marked with a star and named in its label. */
  favouriteId?: number | null;
  mode?: RoomMode;
  /** Offers "Cualquiera" (null) before the reformers; by default for clients only. */
  anyChoice?: boolean;
  /** Blocks every choice (while a booking is being sent, for instance). */
  disabled?: boolean;
  /** The group's accessible name. */
  label?: string;
}

export const ANY_LABEL = 'Cualquiera';
export const ANY_HINT =
  'Elegimos por ti: tu favorito si está libre, si no el que usaste la última vez, si no el primero libre';

export const STATE_TEXT: Record<SpotState, string> = {
  free: 'libre',
  taken: 'ocupado',
  mine: 'tu lugar',
  out_of_service: 'fuera de servicio',
};

export const stateOf = (spot: RoomSpot): SpotState => spot.state ?? 'free';

/** Clients choose a free reformer or keep their own; the roster may also pick a taken one to move its client. */
export function isChoosable(spot: RoomSpot, mode: RoomMode): boolean {
  if (mode === 'room') return true;
  const state = stateOf(spot);
  return state === 'free' || state === 'mine' || (mode === 'admin' && state === 'taken');
}

/** "Reformer 4, libre", "Reformer 2, tu lugar, tu favorito"; in the roster "Reformer 3, ocupado: Ana Pérez, asistió". */
export function spotLabel(
  spot: RoomSpot,
  { mode = 'client', favouriteId }: { mode?: RoomMode; favouriteId?: number | null },
) {
  const state = stateOf(spot);
  const person = mode === 'admin' && spot.person ? spot.person : null;
  const parts = [spot.label, person ? `${STATE_TEXT[state]}: ${person.name}` : STATE_TEXT[state]];
  if (person && person.attended !== undefined) parts.push(attendanceLabel(person.attended).toLowerCase());
  if (favouriteId !== undefined && favouriteId !== null && spot.id === favouriteId) parts.push('tu favorito');
  return parts.join(', ');
}

/** "Reformer 12" shows as "12" where cells are narrow; a named reformer ("Ventana") keeps its name. */
export function shortSpotLabel(label: string): string {
  return /(\d+)\s*$/.exec(label)?.[1] ?? label;
}

/** Reading order: front row first, then left to right (the order a keyboard walks them in). */
export const byPlace = (a: RoomCell, b: RoomCell) => a.row - b.row || a.column - b.column;

export const STATE_ICON: Record<SpotState, LucideIcon | null> = {
  free: null,
  taken: UserRound,
  mine: MapPin,
  out_of_service: Wrench,
};

// Each state differs in shape as well as colour (WCAG 1.4.1): free is a plain outline, taken is
// striped with a person, yours is filled with a pin, out of service is dashed with a wrench.
// Every text colour here reaches 4.5:1 on its background (ink on the sand stripes: 9.3:1).
export const STATE_CLASSES: Record<SpotState, string> = {
  free: 'border border-line-strong bg-surface text-ink-strong',
  taken:
    'border border-line-strong text-ink ' +
    '[background-image:repeating-linear-gradient(135deg,var(--color-sand-strong)_0_5px,var(--color-sand)_5px_10px)]',
  mine: 'border border-olive bg-olive text-on-dark',
  out_of_service: 'border-2 border-dashed border-line-strong bg-canvas text-ink-muted',
};
export const CHOSEN_CLASSES = 'border-2 border-accent-strong bg-accent text-white shadow-soft';

/** The look of one choice: its state's, or the chosen one's. */
export function choiceClasses(state: SpotState, chosen: boolean, choosable: boolean): string {
  return cn(
    chosen ? CHOSEN_CLASSES : STATE_CLASSES[state],
    'transition-[background-color,border-color,box-shadow] duration-150 ease-calm',
    choosable && !chosen && state === 'free' && 'hover:border-ink hover:bg-sand/50',
    choosable ? 'cursor-pointer' : 'cursor-not-allowed',
  );
}

/** One reformer as the map and the list show it. */
export function spotView(
  spot: RoomSpot,
  { mode, favouriteId, disabled }: { mode: RoomMode; favouriteId?: number | null; disabled: boolean },
) {
  return {
    state: stateOf(spot),
    choosable: isChoosable(spot, mode) && !disabled,
    label: spotLabel(spot, { mode, favouriteId }),
    person: mode === 'admin' ? spot.person : null,
    favourite: favouriteId !== undefined && favouriteId !== null && spot.id === favouriteId,
  };
}

/** The key a choice goes by in the roving focus: 'any' or 'spot-<id>'. */
export const choiceKey = (id: number | null) => (id === null ? 'any' : `spot-${id}`);

const CHOICE_SELECTOR = '[data-choice]';

/**
 * What the map and the list make of their props alike: the defaults, the reformers in reading order,
 * the keyboard walk over them (`grid`: the arrow keys move in two directions) and the radio group's props.
 */
export function useRoomChoices(
  {
    spots,
    selected,
    onSelect,
    favouriteId,
    mode = 'client',
    anyChoice = mode === 'client',
    disabled = false,
    label = mode === 'admin' ? 'Reformers de la clase' : 'Elige tu reformer',
  }: RoomChoiceProps,
  { grid }: { grid: boolean },
) {
  const ordered = [...spots].sort(byPlace);
  const keys = [...(anyChoice ? [choiceKey(null)] : []), ...ordered.map((spot) => choiceKey(spot.id))];
  const roving = useRovingChoices({ checkedKey: choiceKey(selected), keys, grid });
  return {
    ordered,
    selected,
    onSelect,
    favouriteId,
    mode,
    disabled,
    roving,
    groupProps: { label, disabled, roving, anyChoice, selected, onSelect },
  };
}

function place(element: HTMLElement): RoomCell | null {
  const { row, column } = element.dataset;
  return row === undefined || column === undefined ? null : { row: Number(row), column: Number(column) };
}

/** The nearest choice in the next row with one, above (-1) or below (+1); the closest column wins. */
function verticalNeighbour(items: HTMLElement[], from: HTMLElement, direction: 1 | -1): HTMLElement | undefined {
  const here = place(from);
  if (!here) return direction === 1 ? items.find((item) => place(item)) : undefined;
  const ahead = items.filter((item) => {
    const there = place(item);
    return there !== null && (there.row - here.row) * direction > 0;
  });
  if (ahead.length === 0) return direction === -1 ? items.find((item) => !place(item)) : undefined;
  const distance = (item: HTMLElement) => {
    const there = place(item)!;
    return [Math.abs(there.row - here.row), Math.abs(there.column - here.column), there.column] as const;
  };
  return ahead.reduce((best, item) => {
    const [a, b, c] = distance(item);
    const [x, y, z] = distance(best);
    return a < x || (a === x && (b < y || (b === y && c < z))) ? item : best;
  });
}

/**
 * One tab stop for the whole group, as a radio group: the chosen item (or the last focused while
 * focus stays inside). Arrow keys move focus only; Space or Enter choose. On the map Up and Down
 * follow the room's rows and Left and Right its reading order; in the list all four walk the list.
 */
export function useRovingChoices({ checkedKey, keys, grid }: { checkedKey: string; keys: string[]; grid: boolean }) {
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const tabStop =
    focusedKey !== null && keys.includes(focusedKey) ? focusedKey : keys.includes(checkedKey) ? checkedKey : keys[0];

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(CHOICE_SELECTOR)];
    const current = items.findIndex((item) => item === document.activeElement);
    if (current < 0) return;
    const from = items[current]!;
    const linear = (step: number) => items[(current + step + items.length) % items.length];
    const moves: Record<string, () => HTMLElement | undefined> = {
      ArrowRight: () => linear(1),
      ArrowLeft: () => linear(-1),
      ArrowDown: () => (grid ? verticalNeighbour(items, from, 1) : linear(1)),
      ArrowUp: () => (grid ? verticalNeighbour(items, from, -1) : linear(-1)),
      Home: () => items[0],
      End: () => items[items.length - 1],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move()?.focus();
  };

  // Focus leaving the group forgets where it was: coming back lands on the chosen item again.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedKey(null);
  };

  /** The props each choice needs: its key for the roving focus and whether it holds the tab stop. */
  const itemProps = (key: string) => ({
    'data-choice': key,
    tabIndex: key === tabStop ? 0 : -1,
    onFocus: () => setFocusedKey(key),
  });

  return { onKeyDown, onBlur, itemProps };
}

/** The "Cualquiera" radio, first in the map and in the list: its hint says how the studio picks. */
export function AnyChoice({
  checked,
  disabled,
  onSelect,
  className,
  itemProps,
}: {
  checked: boolean;
  disabled: boolean;
  onSelect: (id: null) => void;
  className?: string;
  itemProps: ReturnType<ReturnType<typeof useRovingChoices>['itemProps']>;
}) {
  const id = useId();
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      aria-disabled={disabled || undefined}
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-hint`}
      onClick={() => {
        if (!disabled) onSelect(null);
      }}
      {...itemProps}
      className={cn(
        'flex w-full items-center gap-3 rounded-control px-3 py-2.5 text-left',
        checked
          ? CHOSEN_CLASSES
          : 'border border-line-strong bg-surface text-ink-strong hover:border-ink hover:bg-sand/50',
        disabled ? 'cursor-not-allowed opacity-55' : 'cursor-pointer',
        className,
      )}
    >
      {checked ? (
        <Check aria-hidden="true" className="size-5 shrink-0" />
      ) : (
        <Shuffle aria-hidden="true" className="size-5 shrink-0" />
      )}
      <span className="min-w-0">
        <span id={`${id}-label`} className="block font-semibold">
          {ANY_LABEL}
        </span>
        <span id={`${id}-hint`} className={cn('block text-sm', checked ? 'text-white' : 'text-ink-muted')}>
          {ANY_HINT}
        </span>
      </span>
    </button>
  );
}

/** A state's shape in small: the legend's key and the list's marker. */
export function StateSwatch({
  state,
  chosen = false,
  className,
}: {
  state: SpotState;
  chosen?: boolean;
  className?: string;
}) {
  const Icon = chosen ? Check : STATE_ICON[state];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-7 shrink-0 items-center justify-center rounded-[0.4rem]',
        chosen ? CHOSEN_CLASSES : STATE_CLASSES[state],
        className,
      )}
    >
      {Icon ? <Icon className="size-4" /> : null}
    </span>
  );
}

/**
 * The radio group the map and the list share: its name, the keyboard walk over its choices, and
 * "Cualquiera" first when the client may let the studio pick; the reformers are its children.
 */
export function ChoiceGroup({
  label,
  disabled,
  roving,
  anyChoice,
  selected,
  onSelect,
  className,
  children,
}: {
  label: string;
  disabled: boolean;
  roving: ReturnType<typeof useRovingChoices>;
  anyChoice: boolean;
  selected: number | null;
  onSelect: (id: null) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      onKeyDown={roving.onKeyDown}
      onBlur={roving.onBlur}
      className={className}
    >
      {anyChoice ? (
        <AnyChoice
          checked={selected === null}
          disabled={disabled}
          onSelect={onSelect}
          itemProps={roving.itemProps(choiceKey(null))}
        />
      ) : null}
      {children}
    </div>
  );
}
