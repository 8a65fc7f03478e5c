/*
 * Every action the server's audit log records, every field it declares and every value of a field
 * of fixed values has Spanish words here (enumerated from the generated x-audit table, so that a
 * new action, field or value without its label fails this test).
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_FIELDS, AUDIT_ACTIONS, AUDIT_FIELDS } from '@/api/generated/audit';
import { ACTION_LABELS, FIELD_LABELS, formatValue } from './format';

/** A sample of each kind of value, and what its words must not be. */
const SAMPLES: Record<string, { value: unknown; expected: RegExp }> = {
  text: { value: 'Ana López', expected: /^Ana López$/ },
  email: { value: 'ana@example.com', expected: /^ana@example\.com$/ },
  date: { value: '2026-03-02', expected: /^2 de marzo de 2026$/ },
  time: { value: '08:00', expected: /^8:00 AM$/ },
  weekday: { value: 1, expected: /^Lunes$/ },
  money: { value: 350, expected: /^\$350\.00$/ },
  count: { value: 3, expected: /^3$/ },
  yesNo: { value: true, expected: /^Sí$/ },
  reference: { value: 12, expected: /^n\.º 12$/ },
};

const isSpanishLabel = (label: string | undefined, raw: string) =>
  typeof label === 'string' && label.trim() !== '' && label !== raw && !/[._]|[a-z][A-Z]/.test(label);

describe('audit labels', () => {
  it.each(AUDIT_ACTIONS)('should label the action %s and every field it records', (action) => {
    expect(isSpanishLabel(ACTION_LABELS[action], action)).toBe(true);
    const fields = AUDIT_ACTION_FIELDS[action];
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      expect({ action, field, labelled: isSpanishLabel(FIELD_LABELS[field], field) }).toEqual({
        action,
        field,
        labelled: true,
      });
    }
  });

  it.each(Object.entries(AUDIT_FIELDS))('should write every value of the field %s in words', (field, declared) => {
    if (declared.kind === 'values') {
      for (const value of declared.values) {
        const words = formatValue(field, value);
        expect({ field, value, words, raw: words === String(value) || words === '—' }).toMatchObject({ raw: false });
      }
    } else {
      const sample = SAMPLES[declared.kind];
      expect({ field, kind: declared.kind, known: sample !== undefined }).toEqual({
        field,
        kind: declared.kind,
        known: true,
      });
      expect(formatValue(field, sample.value)).toMatch(sample.expected);
    }
  });

  it('should label no field the server does not declare (no stale labels)', () => {
    expect(Object.keys(FIELD_LABELS).sort()).toEqual(Object.keys(AUDIT_FIELDS).sort());
    expect(Object.keys(ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
