import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/** Waits for a mail to `to` in DATA_DIR/outbox (the server writes .eml files when no SMTP is set) and returns its text. */
export async function waitForMail(dataDir: string, to: string, timeoutMs = 10_000): Promise<string> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = await simpleParser(await readFile(join(dir, file)));
      if (mail.to && JSON.stringify(mail.to).includes(to)) return mail.text ?? '';
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
