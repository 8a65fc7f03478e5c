import ICAL from 'ical.js';

/** Every property RFC 5545 (and RFC 7986's NAME) defines that the studio's files may carry; others must be X-. */
const STANDARD_PROPERTIES = new Set([
  'version',
  'prodid',
  'method',
  'calscale',
  'name',
  'tzid',
  'tzoffsetfrom',
  'tzoffsetto',
  'tzname',
  'tzurl',
  'dtstart',
  'rrule',
  'rdate',
  'last-modified',
  'uid',
  'sequence',
  'dtstamp',
  'dtend',
  'summary',
  'location',
  'description',
  'status',
  'organizer',
  'url',
]);

/**
 * Parses an iCalendar file with Mozilla's ical.js and checks what every file the studio writes must
 * hold (final CRLF, only standard or X- properties, UTC DTSTAMP, the studio as organizer); its
 * METHOD and its events' properties, for the test to assert.
 */
export function parseIcs(text: string) {
  // RFC 5545 §3.1: every line, the last included, ends in CRLF.
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text).not.toMatch(/[^\r]\n/);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const names: string[] = [];
  const walk = (component: ICAL.Component) => {
    for (const property of component.getAllProperties()) names.push(property.name);
    component.getAllSubcomponents().forEach(walk);
  };
  walk(calendar);
  expect(names.filter((name) => !STANDARD_PROPERTIES.has(name) && !name.startsWith('x-'))).toEqual([]);
  const events = calendar.getAllSubcomponents('vevent').map((event) => {
    const stamp = event.getFirstProperty('dtstamp')!.getFirstValue() as ICAL.Time;
    return {
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      status: String(event.getFirstPropertyValue('status')),
      location: event.getFirstPropertyValue('location') as string | null,
      summary: String(event.getFirstPropertyValue('summary')),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
      end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toString(),
      organizer: String(event.getFirstPropertyValue('organizer')),
      stampIsUtc: stamp.zone === ICAL.Timezone.utcTimezone,
    };
  });
  for (const event of events) {
    // DTSTAMP in UTC (RFC 5545 §3.8.7.2), and an organizer (RFC 5546 requires one for PUBLISH and CANCEL).
    expect(event.stampIsUtc).toBe(true);
    expect(event.organizer).toBe('mailto:hola@estudiopilatesreformer.mx');
  }
  return { method: calendar.getFirstPropertyValue('method') as string | null, events };
}
