import type { AppConfig } from '../core/config/app-config';
import type { StudioSettingsService } from '../core/settings/studio-settings.service';
import type { IntroOfferService } from '../planes/intro-offer.service';
import { PlanesService } from '../planes/planes.service';
import type { PlansRepository } from '../planes/plans.repository';
import { fakeIntroOffer } from './fake-intro-offer';
import { FixedSettings } from './fakes';
import type { InMemoryPlansRepository } from './in-memory-plans.repository';

/** The real PlanesService over the in-memory plans repository, the owner's default settings and an intro offer. */
export const planesServiceOver = (
  repository: InMemoryPlansRepository,
  config: AppConfig,
  intro: IntroOfferService = fakeIntroOffer(),
  settings: FixedSettings = new FixedSettings(config),
): PlanesService =>
  new PlanesService(
    repository as unknown as PlansRepository,
    config,
    intro,
    settings as unknown as StudioSettingsService,
  );
