import { REDACTED, redactUrl, redactUrlsInText } from './redact-url';

describe('redactUrl', () => {
  it.each([
    // The calendar feed: the token in the path is the credential.
    ['/api/calendar/Zr3x_9-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789ab.ics', `/api/calendar/${REDACTED}.ics`],
    ['/api/calendar/abc.ics?x=1', `/api/calendar/${REDACTED}.ics?x=1`],
    ['/api/calendar/sin-extension', `/api/calendar/${REDACTED}`],
    ['/api/calendar/a/b/c.ics', `/api/calendar/${REDACTED}.ics`],
    ['//api//calendar/abc.ics', `//api//calendar/${REDACTED}.ics`],
    ['/API/Calendar/abc.ics', `/API/Calendar/${REDACTED}.ics`],
    ['/api/%63alendar/abc.ics', `/api/calendar/${REDACTED}.ics`],
    // The password-reset page of the email.
    ['/pilates/reset-password/Zr3x_9-AbCdEf', `/pilates/reset-password/${REDACTED}`],
    ['/pilates/reset-password/abc/', `/pilates/reset-password/${REDACTED}`],
    ['/pilates/reset-password/abc?utm_source=correo', `/pilates/reset-password/${REDACTED}?utm_source=correo`],
  ])('should hide the token of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    ['/api/health'],
    ['/api/mercadopago/webhook?data.id=123456&type=payment'],
    ['/api/mercadopago/simulador/PAY-1/pagar?resultado=aprobado'],
    ['/api/informacion/calendar-feed'],
    ['/api/reset-password'],
    ['/pilates/reset-password'],
    ['/pilates/estudio'],
    ['/assets/index-abc123.js'],
    ['/'],
    [''],
  ])('should keep %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it.each([
    ['/api/x?token=abc', `/api/x?token=${REDACTED}`],
    ['/api/x?a=1&password=p%40ss&b=2', `/api/x?a=1&password=${REDACTED}&b=2`],
    ['/api/x?access_token=abc&type=payment', `/api/x?access_token=${REDACTED}&type=payment`],
    ['/api/x?X-Signature=abc', `/api/x?X-Signature=${REDACTED}`],
    ['/api/x?api%5Fkey=abc', `/api/x?api%5Fkey=${REDACTED}`],
    ['/api/x?token', '/api/x?token'],
    ['/api/x?', '/api/x?'],
  ])('should hide the value of a secret query parameter in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('should not throw on malformed escapes', () => {
    expect(redactUrl('/api/x?%E0%A4%A=1')).toBe('/api/x?%E0%A4%A=1');
    expect(redactUrl('/api/calendar/%E0%A4%A.ics')).toBe(`/api/calendar/${REDACTED}.ics`);
  });
});

describe('redactUrlsInText', () => {
  it('should hide secret URLs inside a message, with or without scheme and host', () => {
    expect(redactUrlsInText('GET /api/calendar/abc123.ics: base de datos no disponible')).toBe(
      `GET /api/calendar/${REDACTED}.ics: base de datos no disponible`,
    );
    expect(redactUrlsInText('Enlace: https://estudio.mx/pilates/reset-password/abc123 (1 h)')).toBe(
      `Enlace: https://estudio.mx/pilates/reset-password/${REDACTED} (1 h)`,
    );
  });

  it('should keep a JSON line valid and leave other paths alone', () => {
    const line = JSON.stringify({
      msg: 'POST /api/calendar/abc.ics?token=t0k3n falló',
      err: { stack: 'Error: x\n    at f (/srv/app/dist/main.js:1:2)' },
      headers: { referer: 'https://estudio.mx/pilates/reset-password/abc"def' },
    });
    const redacted = redactUrlsInText(line);
    expect(JSON.parse(redacted)).toEqual({
      msg: `POST /api/calendar/${REDACTED}.ics?token=${REDACTED} falló`,
      err: { stack: 'Error: x\n    at f (/srv/app/dist/main.js:1:2)' },
      headers: { referer: `https://estudio.mx/pilates/reset-password/${REDACTED}"def` },
    });
    expect(redacted).not.toMatch(/abc|t0k3n/);
  });

  it('should leave redacted text unchanged', () => {
    const text = `GET /api/calendar/${REDACTED}.ics 200`;
    expect(redactUrlsInText(text)).toBe(text);
  });
});
