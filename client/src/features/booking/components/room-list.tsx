import { Star } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import {
  ChoiceGroup,
  choiceKey,
  STATE_TEXT,
  StateSwatch,
  spotView,
  useRoomChoices,
  type RoomChoiceProps,
} from './room-spots';

export type RoomListProps = RoomChoiceProps & { className?: string };

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The map's choices as a list, front row first: the same radios, states and labels, for screen
 * readers and narrow screens where a list reads more easily than a grid.
 */
export function RoomList({ className, ...props }: RoomListProps) {
  const { ordered, selected, onSelect, favouriteId, mode, disabled, roving, groupProps } = useRoomChoices(props, {
    grid: false,
  });
  return (
    <ChoiceGroup {...groupProps} className={cn('mx-auto flex w-full max-w-md flex-col gap-2', className)}>
      {ordered.map((spot) => {
        const { state, choosable, label, person, favourite } = spotView(spot, { mode, favouriteId, disabled });
        const chosen = spot.id === selected;
        return (
          <button
            key={spot.id}
            type="button"
            role="radio"
            aria-checked={chosen}
            aria-disabled={!choosable || undefined}
            aria-label={label}
            data-state={state}
            onClick={() => {
              if (choosable) onSelect(spot.id);
            }}
            {...roving.itemProps(choiceKey(spot.id))}
            className={cn(
              'flex min-h-12 w-full items-center gap-3 rounded-control border px-3 py-2 text-left',
              chosen
                ? 'border-accent-strong bg-accent-soft text-accent-strong'
                : cn('border-line bg-surface', choosable ? 'text-ink-strong' : 'text-ink-muted'),
              choosable ? 'cursor-pointer hover:border-ink' : 'cursor-not-allowed',
              disabled && 'opacity-55',
            )}
          >
            <StateSwatch state={state} chosen={chosen} />
            <span className="min-w-0 flex-1 truncate font-medium">{spot.label}</span>
            {favourite ? <Star aria-hidden="true" className="size-4 shrink-0 fill-current text-accent" /> : null}
            <span className={cn('shrink-0 text-sm', chosen ? 'text-accent-strong' : 'text-ink-muted')}>
              {person ? person.name : capitalized(STATE_TEXT[state])}
            </span>
          </button>
        );
      })}
    </ChoiceGroup>
  );
}
