import type { LegalDocumentView, MarketingConsentView, PendingAcceptance } from '../legal.service';
import type { LegalDocumentDto, MarketingConsentResponseDto, PendingAcceptanceDto } from './legal.dto';

export const toLegalDocumentDto = (view: LegalDocumentView): LegalDocumentDto => ({
  kind: view.kind,
  version: view.version,
  publishedAt: view.publishedAt.toISOString(),
  summary: view.summary,
  text: view.text,
});

export const toPendingAcceptanceDto = (pending: PendingAcceptance): PendingAcceptanceDto => ({
  kind: pending.kind,
  version: pending.version,
  publishedAt: pending.publishedAt.toISOString(),
  summary: pending.summary,
});

export const toMarketingConsentResponse = (view: MarketingConsentView): MarketingConsentResponseDto => ({
  success: true,
  optedIn: view.optedIn,
  since: view.since?.toISOString() ?? null,
});
