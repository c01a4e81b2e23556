/**
 * A plain-text email as raw MIME (RFC 5322), for the `send_email` binding's EmailMessage. Every header that can carry
 * text from outside (display names, the subject) is written as RFC 2047 base64 encoded words, so no character of it
 * (a CR or LF above all) can end the header or start another; addresses must be plain `local@domain`.
 */

/** A mailbox: an address and an optional display name. */
type Mailbox = { address: string; name?: string };

/** What a text email holds; `date` and `messageId` are fixed by tests, else now and a random id at the sender's domain. */
export type TextEmail = {
  from: Mailbox;
  to: Mailbox;
  replyTo?: Mailbox;
  subject: string;
  text: string;
  date?: Date;
  messageId?: string;
};

// An address with no room for a header break, a second address or a comment: no spaces, controls, quotes or brackets.
const ADDRESS = /^[^\s\p{Cc}<>"(),;:\\[\]@]+@[^\s\p{Cc}<>"(),;:\\[\]@]+$/u;
/** UTF-8 bytes per encoded word: 45 bytes are 60 base64 characters, so a word stays within RFC 2047's 75. */
const WORD_BYTES = 45;
const LINE = 76;

/** True when `address` is a plain `local@domain` that can stand in a header as it is. */
export function isSafeAddress(address: string): boolean {
  return address.length <= 254 && ADDRESS.test(address);
}

const encoder = new TextEncoder();

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * `text` as RFC 2047 encoded words (UTF-8, base64), folded onto continuation lines; characters are never split across
 * words. Line breaks and other control characters become one space: a header holds one line of text.
 */
export function encodeWords(text: string): string {
  const words: string[] = [];
  let chunk: number[] = [];
  for (const char of text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")) {
    const bytes = encoder.encode(char);
    if (chunk.length + bytes.length > WORD_BYTES) {
      words.push(`=?UTF-8?B?${base64(Uint8Array.from(chunk))}?=`);
      chunk = [];
    }
    chunk.push(...bytes);
  }
  if (chunk.length > 0 || words.length === 0) words.push(`=?UTF-8?B?${base64(Uint8Array.from(chunk))}?=`);
  return words.join("\r\n ");
}

function mailbox({ address, name }: Mailbox): string {
  if (!isSafeAddress(address)) throw new Error(`Not a plain email address: ${JSON.stringify(address)}`);
  return name ? `${encodeWords(name)} <${address}>` : `<${address}>`;
}

/** RFC 5322's date form, in UTC: `Tue, 27 Aug 2024 15:50:20 +0000`. */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

/** The raw message: headers, then the text as UTF-8 in base64 lines of 76 characters, CRLF line ends throughout. */
export function textEmail(email: TextEmail): string {
  const domain = email.from.address.split("@")[1];
  const body = base64(encoder.encode(email.text.replace(/\r?\n/g, "\r\n")));
  const headers = [
    `From: ${mailbox(email.from)}`,
    `To: ${mailbox(email.to)}`,
    ...(email.replyTo ? [`Reply-To: ${mailbox(email.replyTo)}`] : []),
    `Subject: ${encodeWords(email.subject)}`,
    `Date: ${rfc5322Date(email.date ?? new Date())}`,
    `Message-ID: <${email.messageId ?? crypto.randomUUID()}@${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
  ];
  const lines = body.match(new RegExp(`.{1,${LINE}}`, "g")) ?? [];
  return `${headers.join("\r\n")}\r\n\r\n${lines.join("\r\n")}\r\n`;
}
