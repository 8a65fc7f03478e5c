import type { IntroOfferService } from '../planes/intro-offer.service';

/** IntroOfferService for rule tests without a database: everyone may buy intro plans, claims always succeed. */
export const fakeIntroOffer = (eligible = true): IntroOfferService =>
  ({
    isEligible: () => Promise.resolve(eligible),
    personOf: (userId: number) => Promise.resolve({ userId, emailKey: `user${userId}@example.com`, phoneKey: null }),
    hasHistory: () => Promise.resolve(!eligible),
    claim: () => Promise.resolve(true),
    keepClaim: () => Promise.resolve(),
    release: () => Promise.resolve(0),
  }) as unknown as IntroOfferService;
