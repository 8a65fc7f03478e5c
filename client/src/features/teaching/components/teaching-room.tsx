import { useState } from 'react';
import type { TeachingClassDto } from '@/api/generated/model';
import { useGetSala } from '@/api/generated/reservations/reservations';
import { defaultInstructor, RoomLegend, RoomMap, type RoomSpot } from '@/features/booking';

/** The class's reformers, each with who is on it and whether they came. */
export function teachingSpots(klass: TeachingClassDto): RoomSpot[] {
  const onSpot = new Map(
    klass.students.flatMap((student) => (student.spot ? [[student.spot.id, student] as const] : [])),
  );
  return klass.spots.map((spot) => {
    const student = onSpot.get(spot.id);
    return {
      ...spot,
      state: spot.state === 'mine' ? 'taken' : spot.state,
      person: student ? { name: student.name, attended: student.attended } : null,
    };
  });
}

/**
 * The room at the door: who is on each reformer and whether they came, as the instructor sees it
 * from the front. Tapping a reformer only points it out; attendance is marked in the list below,
 * which is the same roster for screen readers.
 */
export function TeachingRoom({ klass }: { klass: TeachingClassDto }) {
  // The instructor's place only orients: read once, cached after.
  const sala = useGetSala({ query: { staleTime: 5 * 60_000 } });
  const [pointed, setPointed] = useState<number | null>(null);
  const spots = teachingSpots(klass);
  return (
    <section aria-label={`Sala a las ${klass.time}`} className="space-y-3 border-b border-line pb-4">
      <RoomMap
        mode="admin"
        spots={spots}
        instructor={sala.data?.instructor ?? defaultInstructor(spots)}
        selected={pointed}
        onSelect={(id) => setPointed((current) => (current === id ? null : id))}
      />
      <RoomLegend mine={false} />
    </section>
  );
}
