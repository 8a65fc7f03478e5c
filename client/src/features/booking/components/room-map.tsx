import { Check, Presentation, Star, X } from 'lucide-react';
import { useState, type CSSProperties, type DragEvent } from 'react';
import { cn } from '@/components/ui/cn';
import { attendanceLabel } from './attendance-controls';
import {
  byPlace,
  ChoiceGroup,
  choiceClasses,
  choiceKey,
  shortSpotLabel,
  STATE_ICON,
  spotView,
  useRoomChoices,
  useRovingChoices,
  type RoomCell,
  type RoomChoiceProps,
  type RoomMode,
  type RoomSpot,
} from './room-spots';

export interface RoomMapProps extends RoomChoiceProps {
  /** Where the instructor stands: the room's front, for orientation. */
  instructor: RoomCell;
  className?: string;
  /**
   * The roster: a client's reformer dragged onto a free one (pointer devices). Picking with a click
   * or the keyboard (`onSelect`) does the same for everyone else.
   */
  onDragMove?: (fromSpotId: number, toSpotId: number) => void;
}

export const INSTRUCTOR_LABEL = 'Instructora';
/** The drag's payload type: only a reformer of this map is dropped on another. */
const DRAG_TYPE = 'application/x-pilates-reformer';

/**
 * The room as a client sees it walking in: a grid as large as the reformers and the instructor's
 * place need, each reformer a radio (a real <button>, so Enter and Space choose it as well).
 * Taken and out-of-service reformers stay focusable but aria-disabled: the arrow keys walk the
 * whole room, so a screen reader hears which places are taken as a sighted client sees them.
 */
export function RoomMap({ instructor, className, onDragMove, ...props }: RoomMapProps) {
  const { ordered, selected, onSelect, favouriteId, mode, disabled, roving, groupProps } = useRoomChoices(props, {
    grid: true,
  });
  const cells: RoomCell[] = [...ordered, instructor];
  // Rows and columns may start at 0 or 1: the grid starts at the first one used.
  const firstRow = Math.min(...cells.map((cell) => cell.row));
  const firstColumn = Math.min(...cells.map((cell) => cell.column));
  const rows = Math.max(...cells.map((cell) => cell.row)) - firstRow + 1;
  const columns = Math.max(...cells.map((cell) => cell.column)) - firstColumn + 1;
  const at = (cell: RoomCell): CSSProperties => ({
    gridRow: cell.row - firstRow + 1,
    gridColumn: cell.column - firstColumn + 1,
  });

  // The instructor comes first among the cells in reading order when at the front, as in the room.
  const instructorBefore = ordered.findIndex((spot) => byPlace(spot, instructor) > 0);
  const instructorIndex = instructorBefore < 0 ? ordered.length : instructorBefore;

  const instructorCell = (
    <div
      key="instructor"
      style={at(instructor)}
      className={cn(
        'flex min-w-0 flex-col items-center justify-center gap-0.5 self-stretch rounded-control px-1 py-2',
        'border border-dashed border-olive/60 bg-sage-soft text-olive',
      )}
    >
      <Presentation aria-hidden="true" className="size-4 shrink-0 sm:size-5" />
      <span className="max-w-full truncate text-[0.6875rem] font-semibold sm:text-xs">{INSTRUCTOR_LABEL}</span>
    </div>
  );

  const spotCells = ordered.map((spot) => (
    <SpotCell
      key={spot.id}
      spot={spot}
      style={at(spot)}
      mode={mode}
      chosen={spot.id === selected}
      favouriteId={favouriteId}
      disabled={disabled}
      onSelect={onSelect}
      onDragMove={mode === 'admin' && !disabled ? onDragMove : undefined}
      itemProps={roving.itemProps(choiceKey(spot.id))}
    />
  ));

  return (
    <ChoiceGroup {...groupProps} className={cn('mx-auto w-full max-w-md space-y-3', className)}>
      <div
        className="grid gap-1.5 sm:gap-3"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${rows}, auto)` }}
      >
        {spotCells.slice(0, instructorIndex)}
        {instructorCell}
        {spotCells.slice(instructorIndex)}
      </div>
    </ChoiceGroup>
  );
}

function SpotCell({
  spot,
  style,
  mode,
  chosen,
  favouriteId,
  disabled,
  onSelect,
  onDragMove,
  itemProps,
}: {
  spot: RoomSpot;
  style: CSSProperties;
  mode: RoomMode;
  chosen: boolean;
  favouriteId?: number | null;
  disabled: boolean;
  onSelect: (id: number) => void;
  onDragMove?: (fromSpotId: number, toSpotId: number) => void;
  itemProps: ReturnType<ReturnType<typeof useRovingChoices>['itemProps']>;
}) {
  const [dropping, setDropping] = useState(false);
  const { state, choosable, label, person, favourite } = spotView(spot, { mode, favouriteId, disabled });
  const Icon = chosen ? Check : STATE_ICON[state];
  const accepts = (event: DragEvent) => state === 'free' && event.dataTransfer.types.includes(DRAG_TYPE);
  const drag = onDragMove
    ? {
        draggable: person !== null && person !== undefined,
        onDragStart: (event: DragEvent) => {
          event.dataTransfer.setData(DRAG_TYPE, String(spot.id));
          event.dataTransfer.effectAllowed = 'move';
        },
        onDragOver: (event: DragEvent) => {
          if (!accepts(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setDropping(true);
        },
        onDragLeave: () => setDropping(false),
        onDrop: (event: DragEvent) => {
          setDropping(false);
          if (!accepts(event)) return;
          event.preventDefault();
          const from = Number(event.dataTransfer.getData(DRAG_TYPE));
          if (from && from !== spot.id) onDragMove(from, spot.id);
        },
      }
    : {};
  return (
    <button
      type="button"
      role="radio"
      aria-checked={chosen}
      aria-disabled={!choosable || undefined}
      aria-label={label}
      title={label}
      data-row={spot.row}
      data-column={spot.column}
      data-state={state}
      onClick={() => {
        if (choosable) onSelect(spot.id);
      }}
      {...itemProps}
      {...drag}
      style={style}
      className={cn(
        // Cells shrink with the screen (four columns fit 390 px); the label shortens to its number.
        'relative flex aspect-[4/5] min-w-0 flex-col items-center justify-center gap-1 rounded-control p-1 sm:p-2',
        choiceClasses(state, chosen, choosable),
        disabled && 'opacity-55',
        dropping && 'outline-2 outline-offset-2 outline-accent-strong',
        drag.draggable && 'cursor-grab',
      )}
    >
      {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0 sm:size-5" /> : null}
      <span className="max-w-full truncate text-sm font-semibold lining-nums tabular-nums">
        <span className="sm:hidden">{shortSpotLabel(spot.label)}</span>
        <span className="hidden sm:inline">{spot.label}</span>
      </span>
      {person ? (
        <span className="max-w-full truncate text-[0.6875rem] leading-tight sm:text-xs">{person.name}</span>
      ) : null}
      {person && person.attended !== null && person.attended !== undefined ? (
        // The mark in words as well as a sign: never colour alone.
        <span className="flex max-w-full items-center gap-0.5 text-[0.6875rem] leading-tight font-medium sm:text-xs">
          {person.attended ? (
            <Check aria-hidden="true" className="size-3 shrink-0" />
          ) : (
            <X aria-hidden="true" className="size-3 shrink-0" />
          )}
          <span className="truncate">{attendanceLabel(person.attended)}</span>
        </span>
      ) : null}
      {favourite ? (
        <Star aria-hidden="true" className="absolute top-1 right-1 size-3 fill-current sm:size-3.5" />
      ) : null}
    </button>
  );
}
