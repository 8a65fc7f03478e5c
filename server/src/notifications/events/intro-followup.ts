import { greetingMail, withUnsubscribe, type Mail, type MailContext, type MailLink, type Recipient } from '../mail';
import { pesos } from './payment-receipt';

/**
 * intro.followup: promotional, so queued only for a client with an active opt-in to promotions
 * (planes' intro-followups job), and with a one-click way out.
 * The day after a client attended their intro class, the regular plans (once per intro plan). */
export interface IntroFollowup {
  userPlanId: number;
  /** The catalogue's regular plans when the mail was queued, in the studio's order. */
  plans: { name: string; classCount: number; priceCents: number }[];
}

/** The plans page. */
export const PLANS_LINK: MailLink = { href: '/pilates/planes', label: 'Ver los planes' };

export function introFollowupMail(to: Recipient, event: IntroFollowup, context: MailContext): Mail {
  const lines = [
    '¡Gracias por venir a tu primera clase! Esperamos que la hayas disfrutado.',
    'Para seguir entrenando, estos son nuestros planes:',
    ...event.plans.map(
      (plan) =>
        `• ${plan.name} (${plan.classCount} ${plan.classCount === 1 ? 'clase' : 'clases'}): ${pesos(plan.priceCents)}`,
    ),
    'Cada plan es válido por un mes. ¡Te esperamos en el estudio!',
  ];
  return withUnsubscribe(
    greetingMail(to, '¿Seguimos? Los planes de Pilates Reformer', lines, context, PLANS_LINK),
    to,
    context,
  );
}
