import type { HealthProfileDto } from '@/api/generated/model';

const yesNo = (answer: boolean, detail?: string) => (answer ? `Sí${detail ? `: ${detail}` : ''}` : 'No');

/** The answers and the emergency contact, as a list of terms (Mi información and the staff's detail). */
export function HealthProfileSummary({ profile }: { profile: HealthProfileDto }) {
  const rows: [string, string][] = [
    ['Lesiones o dolor', yesNo(profile.hasInjuries, profile.injuries)],
    ['Operación en los últimos 12 meses', yesNo(profile.recentSurgery, profile.surgery)],
    [
      'Embarazo',
      yesNo(profile.pregnant, profile.pregnancyWeeks !== null ? `${profile.pregnancyWeeks} semanas` : undefined),
    ],
    ['Corazón o presión arterial', yesNo(profile.heartOrBloodPressure)],
    ['Otras condiciones', profile.otherConditions || 'Ninguna'],
    [
      'Contacto de emergencia',
      `${profile.emergencyName} (${profile.emergencyRelationship}), ${profile.emergencyPhoneDisplay}`,
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-ink-strong">{term}</dt>
          <dd className="text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
