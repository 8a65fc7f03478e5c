/** What a secret in a logged URL is replaced with. */
export const REDACTED = '[redactado]';

/**
 * Paths whose segments are themselves a credential: the personal calendar feed (calendar apps
 * fetch it without cookies) and the password-reset link of the email. Everything after the
 * prefix is replaced, so a malformed or shortened token is not logged either.
 */
const SECRET_PATHS: ReadonlyArray<[RegExp, string]> = [
  [/^(\/+api\/+calendar\/+)(?:.+?)(\.ics)?$/i, `$1${REDACTED}$2`],
  [/^(\/+pilates\/+reset-password\/+).+$/i, `$1${REDACTED}`],
];

/** Query parameters whose value is never logged, whatever the route. */
const SECRET_PARAM = /token|password|passwd|secret|signature|key|code|auth|session|cookie|card|cvv/i;

/**
 * The URL of a request as it may appear in a log line: secrets in the path and the values of
 * secret-looking query parameters become [redactado]; everything else is kept as sent
 * (the Mercado Pago webhook's `?data.id=…&type=payment` stays readable).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? undefined : url.slice(queryStart + 1);

  const path = redactPath(rawPath);
  if (query === undefined) return path;
  return `${path}?${redactQuery(query)}`;
}

function redactPath(path: string): string {
  // Checked on the decoded path too, so an escaped prefix (/api/%63alendar/…) cannot slip through.
  const decoded = safeDecode(path);
  for (const [pattern, replacement] of SECRET_PATHS) {
    if (pattern.test(path)) return path.replace(pattern, replacement);
    if (pattern.test(decoded)) return decoded.replace(pattern, replacement);
  }
  return path;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (equals === -1 || !SECRET_PARAM.test(safeDecode(name))) return pair;
      return `${name}=${REDACTED}`;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A URL or path inside free text: an optional scheme and host, then the path up to a space or quote. */
const URL_IN_TEXT = /(https?:\/\/[^\s/"'<>\\]+)?(\/[^\s"'<>\\]*)/gi;

/**
 * What a text needs for redactUrl to change any URL in it: a secret path's name (its escaped
 * forms contain `%`) or a query string.
 */
const MAY_HOLD_SECRET = /calendar|reset-password|[?%]/i;

/**
 * The same redaction for URLs inside any text, e.g. an error message that names the request
 * (`GET /api/calendar/…ics: base de datos no disponible`) or a Referer header. Quotes and
 * backslashes end a match, so it can run over a whole JSON log line.
 */
export function redactUrlsInText(text: string): string {
  // Most lines hold nothing redactUrl would change: no secret path, no query, no escapes.
  if (!MAY_HOLD_SECRET.test(text)) return text;
  return text.replace(URL_IN_TEXT, (_match, origin: string | undefined, path: string) => {
    // Punctuation that ends a sentence (`…/abc.ics: error`) is not part of the URL.
    const [, url, punctuation] = /^(.*?)([.,:;!)]*)$/s.exec(path) ?? [path, path, ''];
    return (origin ?? '') + redactUrl(url) + punctuation;
  });
}
