import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The one-click unsubscribe link of promotional mails: `<userId>.<HMAC-SHA256 of the id>` with the
 * server's secret (JWT_SECRET). Nothing is stored: the link names its person and proves the studio
 * wrote it. A new secret ends every earlier link (a mail then asks to log in to Mi información).
 */

const mac = (secret: string, userId: number): Buffer =>
  createHmac('sha256', secret).update(`marketing-unsubscribe:${userId}`).digest();

/** The token of a person's unsubscribe link. */
export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId).toString('base64url')}`;
}

/** The person a token names, or null when it is not one the studio wrote. */
export function userOfUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const given = Buffer.from(match[2], 'base64url');
  const expected = mac(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** Where the link leads: the API's public path, absolute on the site's address. */
export const unsubscribePath = (token: string): string => `/api/consents/marketing/unsubscribe/${token}`;
