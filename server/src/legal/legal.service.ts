import { Injectable } from '@nestjs/common';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { userOfUnsubscribeToken } from '../core/security/unsubscribe-token';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import type { LegalDocument } from './entities/legal-document.entity';
import { LegalError, LegalErrorCode } from './legal.errors';
import { ACCEPTED_KINDS, type AcceptedKind, type LegalConsentSource, type LegalKind } from './legal-kinds';
import { LegalRepository } from './legal.repository';

/** A version of a text as the site shows it. */
export interface LegalDocumentView {
  kind: LegalKind;
  version: number;
  publishedAt: Date;
  summary: string;
  text: string;
}

/** A version the client has yet to accept. */
export interface PendingAcceptance {
  kind: AcceptedKind;
  version: number;
  publishedAt: Date;
  summary: string;
}

export interface LegalConsentView {
  kind: AcceptedKind;
  version: number;
  acceptedAt: Date;
  ipAddress: string;
  source: LegalConsentSource;
}

export interface MarketingConsentView {
  optedIn: boolean;
  since: Date | null;
}

const toView = (document: LegalDocument): LegalDocumentView => ({
  kind: document.kind,
  version: document.version,
  publishedAt: document.publishedAt,
  summary: document.summary,
  text: document.text,
});

/**
 * The studio's legal texts and clients' consents: versions published by the admin, the one in force
 * shown on the site, each client's acceptance of the terms and privacy notice (at registration, then
 * of every new version before their next booking), and the separate opt-in to promotions.
 */
@Injectable()
export class LegalService {
  constructor(
    readonly transactions: TransactionService,
    private readonly repository: LegalRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  async current(kind: LegalKind): Promise<LegalDocumentView> {
    const document = await this.repository.current(kind);
    if (!document) throw new LegalError(LegalErrorCode.LEGAL_DOCUMENT_NOT_FOUND);
    return toView(document);
  }

  async version(kind: LegalKind, version: number): Promise<LegalDocumentView> {
    const document = await this.repository.version(kind, version);
    if (!document) throw new LegalError(LegalErrorCode.LEGAL_DOCUMENT_NOT_FOUND);
    return toView(document);
  }

  versions(kind: LegalKind): Promise<{ version: number; publishedAt: Date; summary: string }[]> {
    return this.repository.versions(kind);
  }

  /** A new version of a text, in force from now. Two admins publishing at once: one gets 409. */
  @InTransaction()
  async publish(kind: LegalKind, summary: string, text: string): Promise<LegalDocumentView> {
    const current = await this.repository.current(kind);
    try {
      const saved = await this.repository.insertDocument({
        kind,
        version: (current?.version ?? 0) + 1,
        publishedAt: this.clock.now(),
        summary,
        text,
      });
      return toView(saved);
    } catch (error) {
      if (isUniqueViolation(error)) throw new LegalError(LegalErrorCode.LEGAL_PUBLISH_CONFLICT);
      throw error;
    }
  }

  /** The versions in force of the terms and notice that the user has not accepted (none before any is published). */
  async pendingFor(userId: number): Promise<PendingAcceptance[]> {
    const pending: PendingAcceptance[] = [];
    for (const kind of ACCEPTED_KINDS) {
      const current = await this.repository.current(kind);
      if (current && !(await this.repository.accepted(userId, kind, current.version))) {
        pending.push({ kind, version: current.version, publishedAt: current.publishedAt, summary: current.summary });
      }
    }
    return pending;
  }

  /** Refuses a client's own booking while a version in force is not accepted (TERMS_ACCEPTANCE_REQUIRED). */
  async assertAccepted(userId: number): Promise<void> {
    if ((await this.pendingFor(userId)).length > 0) throw new LegalError(LegalErrorCode.TERMS_ACCEPTANCE_REQUIRED);
  }

  /**
   * Registration: the versions in force of the terms and notice, which the form showed and the
   * client ticked, recorded with the time and address (in the caller's transaction: the account and
   * its consents exist together or not at all).
   */
  @InTransaction()
  async recordRegistration(userId: number, ipAddress: string): Promise<void> {
    const now = this.clock.now();
    for (const kind of ACCEPTED_KINDS) {
      const current = await this.repository.current(kind);
      if (!current) continue;
      await this.repository.insertConsent({
        userId,
        kind,
        version: current.version,
        acceptedAt: now,
        ipAddress,
        source: 'registration',
      });
    }
  }

  /**
   * The client accepts the version they read. Only the version in force can be accepted: one
   * published meanwhile is refused (409), so no one accepts a text they were not shown.
   */
  @InTransaction()
  async accept(userId: number, kind: AcceptedKind, version: number, ipAddress: string): Promise<PendingAcceptance[]> {
    const current = await this.repository.current(kind);
    if (!current) throw new LegalError(LegalErrorCode.LEGAL_DOCUMENT_NOT_FOUND);
    if (current.version !== version) throw new LegalError(LegalErrorCode.LEGAL_VERSION_NOT_CURRENT);
    await this.repository.insertConsent({
      userId,
      kind,
      version,
      acceptedAt: this.clock.now(),
      ipAddress,
      source: 'account',
    });
    return this.pendingFor(userId);
  }

  consentsOf(userId: number): Promise<LegalConsentView[]> {
    return this.repository.consentsOf(userId).then((rows) =>
      rows.map((row) => ({
        kind: row.kind,
        version: row.version,
        acceptedAt: row.acceptedAt,
        ipAddress: row.ipAddress,
        source: row.source,
      })),
    );
  }

  async marketingOf(userId: number): Promise<MarketingConsentView> {
    const consent = await this.repository.activeMarketingConsentOf(userId);
    return { optedIn: consent !== null, since: consent?.consentedAt ?? null };
  }

  /** Opts in to promotions or withdraws (one click); the history of opt-ins stays. */
  @InTransaction()
  async setMarketing(userId: number, optIn: boolean, ipAddress: string): Promise<MarketingConsentView> {
    const now = this.clock.now();
    if (optIn) {
      if (!(await this.repository.activeMarketingConsentOf(userId))) {
        await this.repository.insertMarketingConsent(userId, now, ipAddress);
      }
    } else {
      await this.repository.withdrawMarketing(userId, now);
    }
    return this.marketingOf(userId);
  }

  /**
   * The one-click unsubscribe of a promotional mail's link (or its List-Unsubscribe POST): withdraws
   * the opt-in of the person the signed token names. False: not a link the studio wrote.
   */
  @InTransaction()
  async unsubscribe(token: string): Promise<boolean> {
    const userId = userOfUnsubscribeToken(this.config.jwtSecret, token);
    if (userId === null) return false;
    await this.repository.withdrawMarketing(userId, this.clock.now());
    return true;
  }
}
