/** The studio's starting catalogue. Prices in centavos. */
export const SEED_PLANS = [
  { name: 'Una Clase', classCount: 1, priceCents: 220_00 },
  { name: 'Cuatro Clases', classCount: 4, priceCents: 800_00 },
  { name: 'Ocho Clases', classCount: 8, priceCents: 1_500_00 },
  { name: 'Doce Clases', classCount: 12, priceCents: 1_900_00 },
  { name: 'Dieciséis Clases', classCount: 16, priceCents: 2_400_00 },
  { name: 'Veinte Clases', classCount: 20, priceCents: 2_900_00 },
] as const;

const WEEKDAY_TIMES = ['07:00', '08:00', '09:00', '18:00', '19:00', '20:00'];
const SATURDAY_TIMES = ['08:00', '09:00', '10:00'];

/** Default timetable: one place per reformer. */
export const SEED_CAPACITY = 8;
export const SEED_SCHEDULE: { weekday: number; startTime: string }[] = [
  ...[1, 2, 3, 4, 5].flatMap((weekday) => WEEKDAY_TIMES.map((startTime) => ({ weekday, startTime }))),
  ...SATURDAY_TIMES.map((startTime) => ({ weekday: 6, startTime })),
];
