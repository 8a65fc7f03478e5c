import { Injectable } from '@nestjs/common';
import { formatLongDate } from '@pilates/dates';
import { StudioClock } from '../core/clock/studio-clock';
import { AppConfig } from '../core/config/app-config';
import { type Charge, chargeFor } from '../planes';
import type { PromoCode } from './entities/promo-code.entity';
import { PromoCodeError, PromoCodeErrorCode } from './promo-codes.errors';
import { PromoCodesRepository } from './promo-codes.repository';

/** How long a checkout link works (payments.service's CHECKOUT_LINK_HOURS): an unpaid checkout holds its use that long. */
export const PROMO_HOLD_LINK_HOURS = 24;
/** Wrong codes an account may try in an hour before it must wait. */
export const PROMO_GUESSES_PER_ACCOUNT = 10;
/** Wrong codes one address may try in an hour (a studio's clients may share one Wi-Fi address). */
export const PROMO_GUESSES_PER_ADDRESS = 30;
/**
 * A discount never takes a plan below $10.00: Mercado Pago cannot charge $0, and a fixed amount
 * larger than the price (or 100 %) leaves the plan at this floor, plus the commission.
 */
export const MIN_DISCOUNTED_PRICE_CENTS = 10_00;

const HOUR = 3600_000;

/** A plan's charge with a code: the catalogue price, the discount, and the charge on the discounted price. */
export interface PromoCharge extends Charge {
  /** The catalogue price. */
  listPriceCents: number;
  discountCents: number;
  /** The code applied, or null. */
  promoCodeId: number | null;
}

/** The plan a code is checked against. */
export interface PromoPlan {
  id: number;
  priceCents: number;
}

/** Codes are case-insensitive: stored and compared upper-case, without spaces around. */
export const normalizePromoCode = (code: string): string => code.trim().toUpperCase();

/**
 * Promo codes at checkout: which code, whether it applies to this client and plan today, what it
 * takes off. The checkout calls `holdInCheckout` inside its transaction, under the code's lock, so
 * the total and per-client limits hold however many checkouts race.
 */
@Injectable()
export class PromoCodesService {
  constructor(
    private readonly codes: PromoCodesRepository,
    private readonly clock: StudioClock,
    private readonly config: AppConfig,
  ) {}

  /** The discount of a code on a price: a percent rounded to the centavo, or a fixed amount; never below the floor. */
  static discountFor(code: Pick<PromoCode, 'kind' | 'value'>, priceCents: number): number {
    const raw = code.kind === 'percent' ? Math.round((priceCents * code.value) / 100) : code.value;
    return Math.max(0, Math.min(raw, priceCents - MIN_DISCOUNTED_PRICE_CENTS));
  }

  /** The charge of a plan, with a code's discount taken off the price before the commission. */
  chargeWith(plan: PromoPlan, code: PromoCode | null): PromoCharge {
    const discountCents = code ? PromoCodesService.discountFor(code, plan.priceCents) : 0;
    const charge = chargeFor(
      plan.priceCents - discountCents,
      this.config.commissionPercent,
      this.config.commissionFixedMxn,
    );
    return { ...charge, listPriceCents: plan.priceCents, discountCents, promoCodeId: code?.id ?? null };
  }

  /**
   * A code a client typed, checked for this plan (outside any transaction): refused while the client
   * or the address tried too many wrong codes; an unknown or inactive code counts as one.
   */
  async find(userId: number, address: string, typed: string, plan: PromoPlan): Promise<PromoCode> {
    await this.refuseGuessing(userId, address);
    const code = await this.codes.byCode(normalizePromoCode(typed));
    if (!code || !code.active) {
      const now = this.clock.now();
      await this.codes.recordAttempt(userId, address, now, new Date(now.getTime() - HOUR));
      throw new PromoCodeError(PromoCodeErrorCode.PROMO_INVALID);
    }
    await this.check(code, plan, userId);
    return code;
  }

  /**
   * A code an admin typed at the desk ("Venta en mostrador") for a client, checked for the plan and
   * the client: no guess is counted (an admin is not guessing). The sale checks it again under the lock.
   */
  async findForDesk(typed: string, plan: PromoPlan, userId: number): Promise<PromoCode> {
    const code = await this.codes.byCode(normalizePromoCode(typed));
    if (!code || !code.active) throw new PromoCodeError(PromoCodeErrorCode.PROMO_INVALID);
    await this.check(code, plan, userId);
    return code;
  }

  /**
   * First thing in the checkout's transaction, before it reads anything: the code's row lock, held
   * until it commits, so one code's checkouts count and record their uses one at a time.
   */
  lockForCheckout(codeId: number): Promise<void> {
    return this.codes.lock(codeId);
  }

  /**
   * Inside the checkout's transaction, under the code's lock, before its purchase is recorded: the
   * code read and checked again, the uses counted. The purchase then holds one use.
   */
  async holdInCheckout(codeId: number, plan: PromoPlan, userId: number): Promise<PromoCode> {
    const code = await this.codes.byId(codeId);
    if (!code || !code.active) throw new PromoCodeError(PromoCodeErrorCode.PROMO_INVALID);
    await this.check(code, plan, userId);
    return code;
  }

  /**
   * Inside an approval's transaction, under the code's lock (taken first): whether the code still has
   * room for this purchase's use, the others' uses counted without it. While the purchase held its use
   * the answer is always yes (every other checkout counted it); an approval that comes after the hold
   * lapsed (an OXXO ticket paid after its deadline was reported) may find the use taken by then.
   */
  async stillFits(purchase: { id: number; userId: number; promoCodeId: number }): Promise<boolean> {
    const code = await this.codes.byId(purchase.promoCodeId);
    if (!code) return true;
    const { all, mine } = await this.codes.uses(code.id, this.clock.now(), PROMO_HOLD_LINK_HOURS, {
      userId: purchase.userId,
      exceptPaymentId: purchase.id,
    });
    return all.used + all.held < code.maxUses && mine.used + mine.held < code.maxUsesPerClient;
  }

  /** Dates, plan, new clients, then the uses: the first rule the code breaks, as its error. */
  private async check(code: PromoCode, plan: PromoPlan, userId: number): Promise<void> {
    const today = this.clock.today();
    if (today < code.validFrom || today > code.validTo) {
      throw new PromoCodeError(
        PromoCodeErrorCode.PROMO_EXPIRED,
        `Ese código es válido del ${formatLongDate(code.validFrom)} al ${formatLongDate(code.validTo)}.`,
      );
    }
    if (code.planIds && !code.planIds.includes(plan.id)) {
      throw new PromoCodeError(PromoCodeErrorCode.PROMO_NOT_APPLICABLE);
    }
    if (code.newClientsOnly && (await this.codes.everHeldPlan(userId))) {
      throw new PromoCodeError(PromoCodeErrorCode.PROMO_ONLY_NEW_CLIENTS);
    }
    const { all, mine } = await this.codes.uses(code.id, this.clock.now(), PROMO_HOLD_LINK_HOURS, { userId });
    if (all.used + all.held >= code.maxUses) throw new PromoCodeError(PromoCodeErrorCode.PROMO_EXHAUSTED);
    if (mine.used + mine.held >= code.maxUsesPerClient) {
      throw new PromoCodeError(
        PromoCodeErrorCode.PROMO_EXHAUSTED,
        mine.held > 0
          ? 'Ya tienes una compra sin terminar con este código. Termina de pagarla o espera a que venza.'
          : 'Ya usaste este código las veces permitidas.',
      );
    }
  }

  /** 429 while the account or the address tried too many wrong codes in the last hour. */
  private async refuseGuessing(userId: number, address: string): Promise<void> {
    const now = this.clock.now();
    const tried = await this.codes.attemptsSince(userId, address, new Date(now.getTime() - HOUR));
    const waits: number[] = [];
    // The window frees when enough of the attempts are an hour old to leave one below the limit.
    if (tried.account.length >= PROMO_GUESSES_PER_ACCOUNT) {
      waits.push(tried.account[tried.account.length - PROMO_GUESSES_PER_ACCOUNT].getTime() + HOUR);
    }
    if (tried.address.length >= PROMO_GUESSES_PER_ADDRESS) {
      waits.push(tried.address[tried.address.length - PROMO_GUESSES_PER_ADDRESS].getTime() + HOUR);
    }
    if (waits.length === 0) return;
    const seconds = Math.max(1, Math.ceil((Math.max(...waits) - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new PromoCodeError(
      PromoCodeErrorCode.PROMO_TOO_MANY_ATTEMPTS,
      `Demasiados códigos incorrectos. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} o compra sin código.`,
      { 'retry-after': String(seconds) },
    );
  }
}
