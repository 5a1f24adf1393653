/**
 * What a customer wrote in an e-mail answer, without the conversation it quotes: mail programs
 * put the previous messages under the answer ('El … escribió:', 'On … wrote:', '> ' lines, an
 * Outlook header block), and Mensajes already shows those messages above it.
 */

const QUOTE_HEADERS = [
  /^\s*(El|On)\s.+(escribió|wrote)\s*:\s*$/i,
  /^\s*-{2,}\s*(Mensaje original|Original Message|Forwarded message|Mensaje reenviado)\s*-{2,}\s*$/i,
  /^\s*_{10,}\s*$/,
  /^\s*(De|From)\s*:\s.+$/i,
];

export function replyText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Gmail wraps a long 'El … escribió:' over two lines.
    const joined = `${line} ${lines[i + 1] ?? ''}`;
    if (QUOTE_HEADERS.some((header) => header.test(line)) || (/^\s*(El|On)\s/i.test(line) && QUOTE_HEADERS[0]!.test(joined))) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  const answer = kept.join('\n').trim();
  // An answer that is all quotation (or a forward) keeps its text rather than nothing.
  return answer || text.trim();
}
