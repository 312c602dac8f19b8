import { unlinked } from '../../../contracts/text';
import type { Mail, MailAttachment } from './mailer';

/**
 * A mail written as a list of parts, each rendered once as HTML (inline styles: mail clients
 * ignore style sheets) and once as plain text, so the two never say different things. Every
 * text is escaped; links are written by the server only, in buttons and links: an address in any
 * other text (a name, a member's note) is broken so that no mail client makes a link of it.
 */
export type MailPart =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: [label: string, value: string][] }
  | { kind: 'quote'; label: string; text: string }
  | { kind: 'button'; label: string; link: string }
  | { kind: 'photo'; attachment: MailAttachment; alt: string }
  | { kind: 'small'; text: string }
  /** Quiet links at the foot of a mail: unsubscribe, settings. */
  | { kind: 'links'; links: [label: string, link: string][] };

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const ROSE = '#e11d48';
const MUTED = '#6b7280';

function html(part: MailPart): string {
  switch (part.kind) {
    case 'heading':
      return `<h2 style="font-size:18px;margin:16px 0 8px">${escape(part.text)}</h2>`;
    case 'paragraph':
      return `<p style="line-height:1.5">${escape(part.text)}</p>`;
    case 'facts':
      return `<table role="presentation" style="border-collapse:collapse;margin:8px 0">${part.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 12px 4px 0;color:${MUTED};vertical-align:top">${escape(label)}</td><td style="padding:4px 0;font-weight:600">${escape(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'quote':
      return `<p style="color:${MUTED};margin-bottom:4px">${escape(part.label)}</p><blockquote style="margin:0;padding:8px 12px;border-left:3px solid ${ROSE};background:#fff1f2;white-space:pre-wrap">${escape(part.text)}</blockquote>`;
    case 'button':
      return `<p style="margin:20px 0"><a href="${escape(part.link)}" style="display:inline-block;background:${ROSE};color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600">${escape(part.label)}</a></p><p style="font-size:13px;color:${MUTED}">Or paste this address into your browser:<br>${escape(part.link)}</p>`;
    case 'photo':
      return `<p><img src="cid:${escape(part.attachment.cid)}" alt="${escape(part.alt)}" width="160" style="border-radius:12px;display:block"></p>`;
    case 'small':
      return `<p style="font-size:13px;color:${MUTED};line-height:1.5">${escape(part.text)}</p>`;
    case 'links':
      return `<p style="font-size:13px;color:${MUTED}">${part.links
        .map(([label, link]) => `<a href="${escape(link)}" style="color:${MUTED}">${escape(label)}</a>`)
        .join(' · ')}</p>`;
  }
}

function text(part: MailPart): string {
  switch (part.kind) {
    case 'heading':
      return part.text.toUpperCase();
    case 'paragraph':
    case 'small':
      return part.text;
    case 'facts':
      return part.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'quote':
      return `${part.label}\n> ${part.text.split('\n').join('\n> ')}`;
    case 'button':
      return `${part.label}: ${part.link}`;
    case 'photo':
      return `(${part.alt}: attached)`;
    case 'links':
      return part.links.map(([label, link]) => `${label}: ${link}`).join('\n');
  }
}

/** The part with every address in its words broken (buttons and links are the server's own). */
function withoutLinks(part: MailPart): MailPart {
  switch (part.kind) {
    case 'heading':
    case 'paragraph':
    case 'small':
      return { ...part, text: unlinked(part.text) };
    case 'facts':
      return { ...part, rows: part.rows.map(([label, value]) => [label, unlinked(value)]) };
    case 'quote':
      return { ...part, text: unlinked(part.text) };
    default:
      return part;
  }
}

export function composeMail(
  to: string,
  subject: string,
  written: MailPart[],
  extras: { headers?: Record<string, string>; link?: string; unrequested?: true } = {},
): Mail {
  const parts = written.map(withoutLinks);
  const attachments = parts.flatMap((part) => (part.kind === 'photo' ? [part.attachment] : []));
  const button = parts.find((part) => part.kind === 'button');
  return {
    to,
    subject: unlinked(subject),
    text: `${parts.map(text).join('\n\n')}\n\nVouch: dating that puts your safety first.`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:520px;margin:auto;padding:24px">
<h1 style="color:${ROSE};font-size:22px">Vouch</h1>
${parts.map(html).join('\n')}
</body></html>`,
    link: extras.link ?? button?.link,
    ...(extras.headers ? { headers: extras.headers } : {}),
    ...(attachments.length ? { attachments } : {}),
    ...(extras.unrequested ? { unrequested: true as const } : {}),
  };
}
