import { Injectable } from '@nestjs/common';
import { isUniqueViolation } from '../core/errors/database-errors';
import { introEmailKey, introPhoneKey } from './intro-offer';
import { IntroOfferRepository, type IntroPerson } from './intro-offer.repository';

/**
 * The intro offer ("Solo primera vez"): who may buy an intro plan, and the claim that lets one
 * person have only one intro purchase open or approved, across accounts sharing an email or phone.
 */
@Injectable()
export class IntroOfferService {
  constructor(private readonly repository: IntroOfferRepository) {}

  /** The account and its normalised keys; null for an account that no longer exists. */
  async personOf(userId: number): Promise<IntroPerson | null> {
    const contact = await this.repository.contactOf(userId);
    if (!contact) return null;
    return { userId, emailKey: introEmailKey(contact.email), phoneKey: introPhoneKey(contact.phone) };
  }

  /**
   * Whether this client may buy an intro plan: no plan ever (refunded too), no reservation ever
   * (walk-ins included), on this account or any with the same email or phone, and no intro purchase
   * open or approved for any of them.
   */
  async isEligible(userId: number): Promise<boolean> {
    const person = await this.personOf(userId);
    if (!person) return false;
    return !(await this.repository.hasHistory(person)) && !(await this.repository.hasClaim(person));
  }

  /** Whether the person ever held a plan or a class (the claims aside). */
  async hasHistory(person: IntroPerson): Promise<boolean> {
    return this.repository.hasHistory(person);
  }

  /**
   * Claims the intro purchase for this person, in the checkout's transaction: false when the
   * person (this account, its email or its phone) already has one open or approved.
   */
  async claim(person: IntroPerson, paymentId: number): Promise<boolean> {
    try {
      await this.repository.insertClaim(person, paymentId);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * An intro purchase approved after its claim was freed (a failed attempt, then a good one, or an
   * OXXO ticket paid after its deadline): claimed again if free. False when the person's claim now
   * belongs to another purchase (they bought the intro again meanwhile).
   */
  async keepClaim(userId: number, paymentId: number): Promise<boolean> {
    const person = await this.personOf(userId);
    return person ? this.repository.insertClaimIfFree(person, paymentId) : true;
  }

  /** Frees the claim of a purchase that ended rejected, cancelled or expired: the person may try again. */
  release(paymentId: number): Promise<number> {
    return this.repository.releaseClaim(paymentId);
  }
}
