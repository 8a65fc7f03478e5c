import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { LegalConsent } from './entities/legal-consent.entity';
import { LegalDocument } from './entities/legal-document.entity';
import { MarketingConsent } from './entities/marketing-consent.entity';
import type { AcceptedKind, LegalKind } from './legal-kinds';

/** All SQL of the legal texts and the consents. */
@Injectable()
export class LegalRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The highest version of a kind: the one in force (null before the first is published). */
  current(kind: LegalKind): Promise<LegalDocument | null> {
    return this.txHost.tx.findOne(LegalDocument, { where: { kind }, order: { version: 'DESC' } });
  }

  version(kind: LegalKind, version: number): Promise<LegalDocument | null> {
    return this.txHost.tx.findOneBy(LegalDocument, { kind, version });
  }

  /** Every version of a kind, newest first, without their texts. */
  versions(kind: LegalKind): Promise<Pick<LegalDocument, 'version' | 'publishedAt' | 'summary'>[]> {
    return this.txHost.tx.find(LegalDocument, {
      select: { version: true, publishedAt: true, summary: true },
      where: { kind },
      order: { version: 'DESC' },
    });
  }

  insertDocument(document: Omit<LegalDocument, 'id'>): Promise<LegalDocument> {
    const tx = this.txHost.tx;
    return tx.save(tx.create(LegalDocument, document));
  }

  /** Whether the user accepted this version of the text. */
  async accepted(userId: number, kind: AcceptedKind, version: number): Promise<boolean> {
    return (await this.txHost.tx.countBy(LegalConsent, { userId, kind, version })) > 0;
  }

  /** Records an acceptance; a second one of the same version (a double click) changes nothing. */
  async insertConsent(consent: Omit<LegalConsent, 'id' | 'user'>): Promise<void> {
    await this.txHost.tx.createQueryBuilder().insert().into(LegalConsent).values(consent).orIgnore().execute();
  }

  consentsOf(userId: number): Promise<LegalConsent[]> {
    return this.txHost.tx.find(LegalConsent, { where: { userId }, order: { acceptedAt: 'ASC', id: 'ASC' } });
  }

  activeMarketingConsentOf(userId: number): Promise<MarketingConsent | null> {
    return this.txHost.tx.findOneBy(MarketingConsent, { userId, activeMarker: 1 });
  }

  async insertMarketingConsent(userId: number, consentedAt: Date, ipAddress: string): Promise<void> {
    // Two clicks at once: the unique index keeps one opt-in in force, the other is ignored.
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(MarketingConsent)
      .values({ userId, consentedAt, ipAddress, withdrawnAt: null, activeMarker: 1 })
      .orIgnore()
      .execute();
  }

  /** Ends the opt-in in force, if any. */
  async withdrawMarketing(userId: number, at: Date): Promise<void> {
    await this.txHost.tx.update(
      MarketingConsent,
      { userId, activeMarker: 1, withdrawnAt: IsNull() },
      { withdrawnAt: at, activeMarker: null },
    );
  }
}
