/** Escapes text for HTML mail bodies: names and other user input are shown as plain text. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The shared HTML frame of every mail: Spanish, simple, readable on a phone. */
export function mailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f6f1ea;font-family:Helvetica,Arial,sans-serif;color:#2f3327">
  <div style="max-width:560px;margin:0 auto;padding:32px 24px">
    <h1 style="font-family:Georgia,serif;font-weight:normal;font-size:26px;margin:0 0 16px">${escapeHtml(title)}</h1>
    ${bodyHtml}
    <p style="margin-top:32px;font-size:12px;color:#6b6b5f">Estudio Pilates Reformer</p>
  </div>
</body>
</html>`;
}
