/** The room's name on first start. */
export const FIRST_ROOM_NAME = 'Sala';
/** Rows and columns of a room's grid: 0 … GRID_MAX each. */
export const GRID_MAX = 11;
/** Reformers per row of the room drawn on first start. */
const ROW_WIDTH = 4;

export interface Cell {
  row: number;
  column: number;
}

/**
 * The room drawn on first start: "Reformer 1" … "Reformer N" in rows of four behind the instructor,
 * who stands at the front (row 0) in front of the middle. The admin redraws it in "Sala".
 */
export function firstRoomLayout(count: number): { instructor: Cell; spots: (Cell & { label: string })[] } {
  return {
    instructor: { row: 0, column: 1 },
    spots: Array.from({ length: count }, (_, i) => ({
      label: `Reformer ${i + 1}`,
      row: 1 + Math.floor(i / ROW_WIDTH),
      column: i % ROW_WIDTH,
    })),
  };
}
