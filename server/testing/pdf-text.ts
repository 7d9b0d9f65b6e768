import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF that server/core/pdf.ts wrote, for tests (poppler's pdftotext is not on every
 * machine): its objects by number, its streams inflated, each font's glyphs mapped back to text
 * by its ToUnicode CMap (an embedded font's codes are glyph numbers of its subset, not
 * characters), then the strings of every page's text operators in order, one text object a line.
 * It reads pdfkit's own output, not every PDF there is.
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\b/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const from = start + at + 'stream'.length + (text[start + at + 6] === '\r' ? 2 : 1);
    let stream = pdf.subarray(from, from + length);
    if (/\/Filter \/FlateDecode/.test(dict)) stream = inflateSync(stream);
    objects.set(Number(match[1]), { dict, stream });
  }
  return objects;
}

const hexText = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex');

/** A ToUnicode CMap's glyph → text map (`bfchar` and `bfrange`, as pdfkit writes them). */
function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const unicode = (hex: string) => hexText(hex).swap16().toString('utf16le');
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, from, to] of (block ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      map.set(Number.parseInt(from as string, 16), unicode(to as string));
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, , list, single] of (block ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F\s]+)>)/g,
    )) {
      const first = Number.parseInt(from as string, 16);
      if (list !== undefined) {
        // an entry of several code points is `<0066 0069>` (a ligature): spaces inside the brackets
        let at = first;
        for (const [, to] of list.matchAll(/<([0-9a-fA-F\s]+)>/g)) map.set(at++, unicode(to as string));
      } else map.set(first, unicode(single as string));
    }
  return map;
}

/** The text of the PDF, page by page. */
export function pdfPages(pdf: Buffer): string[] {
  const objects = objectsOf(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  // each font name of the resources (`/F2`) → its glyph map (none: a standard font, bytes are Latin-1)
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values())
    for (const [, name, id] of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      if (fonts.has(name as string)) continue;
      const font = objects.get(Number(id))?.dict ?? '';
      const cmap = objects.get(ref(font, 'ToUnicode'))?.stream;
      fonts.set(name as string, cmap ? cmapOf(cmap.toString('latin1')) : null);
    }
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict));
  return pages.map((page) => {
    const content = objects.get(ref(page.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    let font: Map<number, string> | null = null;
    const lines: string[] = [];
    let line = '';
    for (const [token, name, hex, text] of content.matchAll(
      /\/(F\d+) [\d.]+ Tf|<([0-9a-fA-F\s]*)>|\((.*?)\)\s*Tj|\bET\b/g,
    )) {
      if (name) font = fonts.get(name) ?? null;
      else if (hex !== undefined) {
        const bytes = hexText(hex);
        if (font)
          for (let i = 0; i + 1 < bytes.length; i += 2) line += font.get(bytes.readUInt16BE(i)) ?? '\uFFFD';
        else line += bytes.toString('latin1');
      } else if (text !== undefined) line += text;
      else if (token === 'ET') {
        lines.push(line);
        line = '';
      }
    }
    return lines.join('\n');
  });
}
