/**
 * The e-mail layout every notification mail uses, built from react-email's components and
 * rendered by its `render` (HTML, and the plain-text part from the same tree). Plain
 * `createElement` calls: the server runs its TypeScript without a JSX step. What a mail says
 * comes in already translated (domain/notifications/mail-content.ts); this only lays it out.
 */
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import { plainTextSelectors, render } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';

export interface MailRow {
  label: string;
  value: string;
  /** The total: drawn bold, above a rule. */
  strong?: boolean;
}

export interface MailContent {
  lang: string;
  /** The inbox preview line. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** What the mail is about at a glance: product lines and amounts. */
  summaryTitle?: string;
  summary?: MailRow[];
  /** One highlighted sentence (what to do by when). */
  callout?: string;
  /** A picture to show (the purchase receipt), absolute URL. */
  image?: { src: string; alt: string };
  /** Chat digest: the messages, oldest first. */
  quotes?: { who: string; text: string }[];
  button?: { label: string; href: string };
  brand: string;
  footer: string[];
  unsubscribe?: { label: string; href: string };
}

const colors = { brand: '#1a7a45', text: '#0f172a', muted: '#475569', faint: '#64748b', line: '#e2e8f0', panel: '#f8fafc', calloutBg: '#eefbf3', calloutLine: '#b0eac7' };
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function layout(c: MailContent): ReactNode {
  const body: ReactNode[] = [
    h(Text, { key: 'brand', style: { fontSize: '20px', fontWeight: 700, color: colors.brand, margin: '0 0 16px' } }, c.brand),
    h(Heading, { key: 'heading', as: 'h1', style: { fontSize: '22px', lineHeight: '30px', color: colors.text, margin: '0 0 12px' } }, c.heading),
    ...c.paragraphs.map((p, i) => h(Text, { key: `p${i}`, style: { fontSize: '15px', lineHeight: '24px', color: colors.text, margin: '0 0 12px' } }, p)),
  ];
  if (c.callout) {
    body.push(
      h(
        Section,
        { key: 'callout', style: { background: colors.calloutBg, border: `1px solid ${colors.calloutLine}`, borderRadius: '8px', padding: '12px 16px', margin: '8px 0 16px' } },
        h(Text, { style: { fontSize: '15px', lineHeight: '22px', color: colors.text, margin: 0, fontWeight: 600 } }, c.callout),
      ),
    );
  }
  if (c.quotes?.length) {
    body.push(
      h(
        Section,
        { key: 'quotes', style: { margin: '8px 0 16px' } },
        c.quotes.map((q, i) =>
          h(
            Section,
            { key: i, style: { borderLeft: `3px solid ${colors.calloutLine}`, padding: '4px 12px', margin: '0 0 8px' } },
            h(Text, { style: { fontSize: '13px', color: colors.faint, margin: 0 } }, q.who),
            h(Text, { style: { fontSize: '15px', lineHeight: '22px', color: colors.text, margin: 0, whiteSpace: 'pre-wrap' } }, q.text),
          ),
        ),
      ),
    );
  }
  if (c.summary?.length) {
    body.push(
      h(
        Section,
        { key: 'summary', style: { background: colors.panel, border: `1px solid ${colors.line}`, borderRadius: '8px', padding: '12px 16px', margin: '8px 0 16px' } },
        c.summaryTitle ? h(Text, { style: { fontSize: '13px', fontWeight: 700, color: colors.muted, textTransform: 'uppercase', letterSpacing: '0.04em', margin: '0 0 8px' } }, c.summaryTitle) : null,
        h(
          'table',
          { role: 'presentation', className: 'summary', width: '100%', cellPadding: 0, cellSpacing: 0, style: { borderCollapse: 'collapse' } },
          h(
            'tbody',
            null,
            c.summary.map((row, i) =>
              h(
                'tr',
                { key: i },
                h('td', { style: { padding: '6px 8px 6px 0', fontSize: '14px', color: row.strong ? colors.text : colors.muted, fontWeight: row.strong ? 700 : 400, borderTop: row.strong ? `1px solid ${colors.line}` : undefined, verticalAlign: 'top' } }, row.label),
                h('td', { align: 'right', style: { padding: '6px 0', fontSize: '14px', color: colors.text, fontWeight: row.strong ? 700 : 500, borderTop: row.strong ? `1px solid ${colors.line}` : undefined, whiteSpace: 'nowrap', verticalAlign: 'top' } }, row.value),
              ),
            ),
          ),
        ),
      ),
    );
  }
  if (c.image) {
    body.push(h(Img, { key: 'image', src: c.image.src, alt: c.image.alt, width: 240, style: { borderRadius: '8px', border: `1px solid ${colors.line}`, margin: '0 0 16px', maxWidth: '100%' } }));
  }
  if (c.button) {
    body.push(
      h(
        Section,
        { key: 'button', style: { margin: '8px 0 24px' } },
        h(Button, { href: c.button.href, style: { background: colors.brand, color: '#ffffff', fontSize: '15px', fontWeight: 600, borderRadius: '8px', padding: '12px 20px', textDecoration: 'none' } }, c.button.label),
      ),
    );
  }
  body.push(h(Hr, { key: 'hr', style: { borderColor: colors.line, margin: '8px 0 16px' } }));
  c.footer.forEach((line, i) => body.push(h(Text, { key: `f${i}`, style: { fontSize: '12px', lineHeight: '18px', color: colors.faint, margin: '0 0 6px' } }, line)));
  if (c.unsubscribe) {
    body.push(h(Text, { key: 'unsub', style: { fontSize: '12px', lineHeight: '18px', margin: 0 } }, h(Link, { href: c.unsubscribe.href, style: { color: colors.faint, textDecoration: 'underline' } }, c.unsubscribe.label)));
  }
  return h(
    Html,
    { lang: c.lang },
    h(Head, null, h('meta', { name: 'color-scheme', content: 'light' })),
    h(Preview, null, c.preview),
    h(
      Body,
      { style: { background: '#f1f5f9', fontFamily: font, margin: 0, padding: '24px 0' } },
      h(Container, { style: { background: '#ffffff', borderRadius: '12px', border: `1px solid ${colors.line}`, padding: '28px 24px', maxWidth: '560px', width: '100%' } }, body),
    ),
  );
}

/** The HTML part and the plain-text part of one mail, from the same layout. */
export async function renderMail(c: MailContent): Promise<{ html: string; text: string }> {
  const tree = layout(c);
  // The summary reads as label and amount on one line in the plain-text part.
  const selectors = [...plainTextSelectors, { selector: 'table.summary', format: 'dataTable', options: { colSpacing: 3, uppercaseHeaderCells: false } }];
  const [html, text] = await Promise.all([render(tree), render(tree, { plainText: true, htmlToTextOptions: { selectors } })]);
  return { html, text };
}
