import 'reflect-metadata';
import { changedValues } from '../audit/audit.service';
import { DomainError } from '../errors/api-error';
import { apiValidationPipe } from '../http/validation-pipe';
import { ChangeSettingsDto, SETTINGS_MESSAGES } from './dto/settings.dto';
import { applyChange, defaultSettings, flattenSettings, readStored } from './studio-settings';

const defaults = defaultSettings({
  cancelHours: 12,
  waitlistMax: 10,
  waitlistCutoffHours: 2,
  waitlistGraceMinutes: 60,
});

/** The field → messages the global pipe answers for a change, or {} when it lets it through. */
async function refusals(body: Record<string, unknown>): Promise<Record<string, string[]>> {
  try {
    await apiValidationPipe().transform(body, { type: 'body', metatype: ChangeSettingsDto, data: '' });
    return {};
  } catch (error) {
    if (error instanceof DomainError && typeof error.error === 'object' && !Array.isArray(error.error)) {
      return error.error as Record<string, string[]>;
    }
    throw error;
  }
}

describe('gift card amounts in the settings', () => {
  it('should offer the amounts the site had before, and the plans’ prices, by default', () => {
    expect(defaults.giftCardAmounts).toEqual([500, 800, 1000, 1500, 2000, 3000]);
    expect(defaults.giftCardPlanPrices).toBe(true);
  });

  it('should read settings stored before the amounts existed with the default amounts', () => {
    const { giftCardAmounts, giftCardPlanPrices, ...older } = defaults;
    const read = readStored(defaults, JSON.parse(JSON.stringify({ ...older, cancelHours: 6 })));
    expect(read.cancelHours).toBe(6);
    expect(read.giftCardAmounts).toEqual(giftCardAmounts);
    expect(read.giftCardPlanPrices).toBe(giftCardPlanPrices);
  });

  it('should store the amounts ascending whatever order they come in', () => {
    const after = applyChange(defaults, { giftCardAmounts: [3000, 750, 1200] });
    expect(after.giftCardAmounts).toEqual([750, 1200, 3000]);
    // The defaults are not changed by it.
    expect(defaults.giftCardAmounts).toEqual([500, 800, 1000, 1500, 2000, 3000]);
  });

  it('should flatten the amounts to one text for the audit log, equal when the amounts are', () => {
    const flat = flattenSettings(applyChange(defaults, { giftCardAmounts: [1500, 500] }));
    expect(flat.giftCardAmounts).toBe('$500, $1,500');
    expect(flat.giftCardPlanPrices).toBe(true);
    // The same amounts read again are no change; other amounts are one changed field.
    const again = readStored(defaults, JSON.parse(JSON.stringify(defaults)));
    expect(changedValues(flattenSettings(defaults), flattenSettings(again))).toBeNull();
    expect(changedValues(flattenSettings(defaults), flat)).toEqual({
      before: { giftCardAmounts: '$500, $800, $1,000, $1,500, $2,000, $3,000' },
      after: { giftCardAmounts: '$500, $1,500' },
    });
  });

  it('should accept 1 to 12 whole amounts from $100 to $20,000', async () => {
    expect(await refusals({ giftCardAmounts: [100] })).toEqual({});
    expect(await refusals({ giftCardAmounts: [20_000, 100] })).toEqual({});
    const twelve = Array.from({ length: 12 }, (_, i) => 100 + i * 100);
    expect(await refusals({ giftCardAmounts: twelve, giftCardPlanPrices: false })).toEqual({});
  });

  it.each([
    ['no amount', []],
    ['13 amounts', Array.from({ length: 13 }, (_, i) => 100 + i * 100)],
    ['$99', [99, 500]],
    ['$20,001', [500, 20_001]],
    ['centavos', [500.5]],
    ['a negative amount', [-500]],
    ['text', ['500']],
    ['not a list', 500],
    ['a list of lists', [[500]]],
  ])('should refuse %s with the Spanish message', async (_, giftCardAmounts) => {
    expect(await refusals({ giftCardAmounts })).toEqual({ giftCardAmounts: [SETTINGS_MESSAGES.giftCardAmounts] });
  });

  it('should refuse a repeated amount, and null, and a yes/no that is not one', async () => {
    expect(await refusals({ giftCardAmounts: [500, 800, 500] })).toEqual({
      giftCardAmounts: [SETTINGS_MESSAGES.giftCardAmountsRepeated],
    });
    expect(Object.keys(await refusals({ giftCardAmounts: null }))).toEqual(['giftCardAmounts']);
    expect(await refusals({ giftCardPlanPrices: 'sí' })).toEqual({
      giftCardPlanPrices: [SETTINGS_MESSAGES.giftCardPlanPrices],
    });
  });
});
