/**
 * Reads a development mail file (.eml, as nodemailer composes it) as text a test can search:
 * quoted-printable soft breaks joined and escapes decoded, in every part. Good for finding a
 * link or a sentence; tests that check the parts themselves parse with mailparser.
 */
export function readableMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const m = joined[i] === '=' ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null;
    if (m) {
      bytes.push(parseInt(m[0], 16));
      i += 2;
    } else {
      for (const b of Buffer.from(joined[i], 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every mail to `email` in a development outbox folder, oldest first, parsed (subject, text, html, headers). */
export async function parsedMailsTo(dir: string, email: string) {
  const { readdir, readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { simpleParser } = await import('mailparser');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${email}.eml`)).sort();
  return Promise.all(
    files.map(async (f) => {
      const raw = await readFile(join(dir, f));
      const parsed = await simpleParser(raw);
      const header = (name: string) => parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s+/g, ' ').replace(/^[^:]+:\s*/, '');
      return { subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '', listUnsubscribe: header('list-unsubscribe'), listUnsubscribePost: header('list-unsubscribe-post') };
    }),
  );
}
