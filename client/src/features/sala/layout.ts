import type { RoomCell } from '@/features/booking';
import { GRID_MAX } from './schemas';

interface Placed extends RoomCell {
  label: string;
}

/** "Reformer 9" after "Reformer 8": one past the highest "Reformer N", never a name in use. */
export function nextSpotLabel(spots: readonly Placed[]): string {
  const taken = new Set(spots.map((spot) => spot.label.toLocaleLowerCase('es-MX')));
  const numbers = spots.map((spot) => /^Reformer (\d+)$/i.exec(spot.label.trim())?.[1]).filter(Boolean);
  let next = Math.max(0, ...numbers.map(Number)) + 1;
  while (taken.has(`reformer ${next}`)) next++;
  return `Reformer ${next}`;
}

/**
 * Where a new reformer goes: the first free cell in reading order from the first row of reformers,
 * within the room's width (a gap a retired one left, else the next row); the instructor's cell is never free.
 */
export function firstFreeCell(spots: readonly RoomCell[], instructor: RoomCell): RoomCell {
  const used = new Set([...spots, instructor].map((cell) => `${cell.row}:${cell.column}`));
  const firstRow = spots.length > 0 ? Math.min(...spots.map((spot) => spot.row)) : instructor.row + 1;
  const lastColumn = spots.length > 0 ? Math.max(...spots.map((spot) => spot.column)) : GRID_MAX;
  for (let row = Math.min(firstRow, GRID_MAX); row <= GRID_MAX; row++) {
    for (let column = 0; column <= lastColumn; column++) {
      if (!used.has(`${row}:${column}`)) return { row, column };
    }
  }
  // The room's width is full to the back: any free cell of the grid.
  for (let row = 0; row <= GRID_MAX; row++) {
    for (let column = 0; column <= GRID_MAX; column++) {
      if (!used.has(`${row}:${column}`)) return { row, column };
    }
  }
  return { row: 0, column: 0 };
}
