/** The studio's legal texts: the terms, the full privacy notice and the short one shown where data is collected. */
export const LEGAL_KINDS = ['terminos', 'privacidad', 'aviso-corto'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** The texts a client accepts (registration, and again before booking when a new version is published). */
export const ACCEPTED_KINDS = ['terminos', 'privacidad'] as const satisfies readonly LegalKind[];
export type AcceptedKind = (typeof ACCEPTED_KINDS)[number];

/** Where an acceptance was recorded. */
export const LEGAL_CONSENT_SOURCES = ['registration', 'account'] as const;
export type LegalConsentSource = (typeof LEGAL_CONSENT_SOURCES)[number];

export const LEGAL_SUMMARY_MAX = 500;
/** A text long enough for a full privacy notice, short enough for one MariaDB TEXT column (64 KB). */
export const LEGAL_TEXT_MAX = 60_000;
