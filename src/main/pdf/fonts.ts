/**
 * Fonts for the PDFs FaxDesk draws (cover page, transmission report). pdf-lib's
 * standard fonts only cover Latin, and a Chinese office's names, subjects and
 * task names must print as written. FaxDesk ships no font (a CJK font is many
 * MB): it embeds, as a subset, a TrueType/OpenType font with CJK glyphs from
 * the system when it finds one, and draws each run of text with the font that
 * has its glyphs (CJK fallback fonts often have no Latin). Characters no font
 * covers become '?', and the caller is told.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type * as Fontkit from 'fontkit';
import { StandardFonts, type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * pdf-lib's font engine is fontkit. Its own fork (@pdf-lib/fontkit, fontkit 1.8)
 * leaves most CJK glyphs of a subset blank, so FaxDesk used to embed the whole
 * 4 MB font (2.2 MB compressed per cover page). Upstream fontkit 2 subsets them
 * correctly (a one-page Chinese cover is ~10 KB); the one difference pdf-lib
 * meets is that a subset is written with `encode()` instead of a stream.
 */
const subsettingFontkit = (fontkit: typeof Fontkit) => ({
  create(data: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength), postscriptName) as Fontkit.Font;
    const createSubset = font.createSubset.bind(font);
    return Object.assign(font, {
      createSubset: () => {
        const subset = createSubset();
        return Object.assign(subset, { encodeStream: () => Readable.from([Buffer.from(subset.encode())]) });
      },
    });
  },
});

/**
 * fontkit, loaded when a CJK font is first embedded (a cover page or report with Chinese text): importing it
 * took ~150 ms of every start of main and of the browser preview (measured with Node 24).
 */
let fontkitLoaded: Promise<ReturnType<typeof subsettingFontkit>> | null = null;
function loadFontkit(): Promise<ReturnType<typeof subsettingFontkit>> {
  fontkitLoaded ??= import('fontkit').then(subsettingFontkit, (e: unknown) => {
    fontkitLoaded = null; // tried again next time
    throw e;
  });
  return fontkitLoaded;
}

/** Single-font files only: pdf-lib cannot embed from a .ttc collection. */
export const SYSTEM_CJK_FONTS: readonly string[] = [
  // Linux (Debian/Ubuntu: fonts-droid-fallback, fonts-arphic-gbsn00lp, Noto Sans SC)
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
  '/usr/share/fonts/truetype/droid/DroidSansFallback.ttf',
  '/usr/share/fonts/truetype/arphic-gbsn00lp/gbsn00lp.ttf',
  '/usr/share/fonts/opentype/noto/NotoSansSC-Regular.otf',
  // Windows
  'C:\\Windows\\Fonts\\simhei.ttf',
  'C:\\Windows\\Fonts\\simkai.ttf',
  'C:\\Windows\\Fonts\\simfang.ttf',
  // macOS
  '/Library/Fonts/Arial Unicode.ttf',
  '/System/Library/Fonts/Supplemental/Arial Unicode.ttf',
];

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  color?: Color;
}

/** A Latin font with an optional CJK fallback, measured and drawn run by run. */
export class TextFont {
  private readonly latinSet: Set<number>;
  private readonly cjkSet: Set<number>;

  constructor(
    private readonly latin: PDFFont,
    private readonly cjk: PDFFont | null,
  ) {
    this.latinSet = new Set(latin.getCharacterSet());
    this.cjkSet = new Set(cjk?.getCharacterSet() ?? []);
  }

  /** The text with what no font can draw replaced by '?', tabs as spaces, CRs dropped. */
  clean(text: string): { text: string; replaced: boolean } {
    let out = '';
    let replaced = false;
    for (const ch of text.normalize('NFC')) {
      const cp = ch.codePointAt(0)!;
      if (ch === '\n') out += ch;
      else if (ch === '\t') out += ' ';
      else if (ch === '\r') continue;
      else if (this.latinSet.has(cp) || this.cjkSet.has(cp)) out += ch;
      else {
        replaced = true;
        out += '?';
      }
    }
    return { text: out, replaced };
  }

  /** Consecutive characters drawn with the same font (the text must be clean). */
  private runs(text: string): Array<{ font: PDFFont; text: string }> {
    const out: Array<{ font: PDFFont; text: string }> = [];
    for (const ch of text) {
      const font = this.latinSet.has(ch.codePointAt(0)!) || !this.cjk ? this.latin : this.cjk;
      const last = out[out.length - 1];
      if (last && last.font === font) last.text += ch;
      else out.push({ font, text: ch });
    }
    return out;
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(this.clean(text).text).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  }

  /** Width at size 1 of each distinct character, measured once: layout is then linear in the text. */
  private readonly advances = new Map<string, number>();

  private advance(ch: string): number {
    let w = this.advances.get(ch);
    if (w === undefined) {
      const cp = ch.codePointAt(0)!;
      const font = this.latinSet.has(cp) || !this.cjk ? this.latin : this.cjk;
      w = font.widthOfTextAtSize(ch, 1000) / 1000;
      this.advances.set(ch, w);
    }
    return w;
  }

  /**
   * The text cut to `width` with "..." when it is longer. Measures each
   * character once (re-measuring the whole string per removed character was
   * quadratic: a 16k-character failure reason took 16 s).
   */
  fit(text: string, size: number, width: number): string {
    const chars = [...this.clean(text).text.replace(/\n/g, ' ')];
    const limit = width / size;
    let total = 0;
    for (const ch of chars) total += this.advance(ch);
    if (total <= limit) return chars.join('');
    const room = limit - 3 * this.advance('.');
    let used = 0;
    let n = 0;
    while (n < chars.length - 1 && used + this.advance(chars[n]!) <= room) used += this.advance(chars[n++]!);
    return `${chars.slice(0, Math.max(1, n)).join('')}...`;
  }

  /**
   * The text broken into lines no wider than `width`, at spaces where it can
   * and inside a word only when a word alone is too wide. Linear in the text.
   */
  wrap(text: string, size: number, width: number): string[] {
    const limit = width / size;
    const lines: string[] = [];
    for (const paragraph of this.clean(text).text.split('\n')) {
      let line: string[] = [];
      let lineWidth = 0;
      // position in `line` just after the last space, and the width up to there
      let breakAt = -1;
      let breakWidth = 0;
      for (const ch of paragraph) {
        const w = this.advance(ch);
        if (lineWidth + w > limit && line.length > 0) {
          if (ch === ' ') {
            lines.push(line.join(''));
            line = [];
            lineWidth = 0;
            breakAt = -1;
            continue;
          }
          if (breakAt > 0) {
            lines.push(line.slice(0, breakAt - 1).join(''));
            line = line.slice(breakAt);
            lineWidth -= breakWidth;
          } else {
            lines.push(line.join(''));
            line = [];
            lineWidth = 0;
          }
          breakAt = -1;
        }
        line.push(ch);
        lineWidth += w;
        if (ch === ' ') {
          breakAt = line.length;
          breakWidth = lineWidth;
        }
      }
      lines.push(line.join(''));
    }
    return lines;
  }

  draw(page: PDFPage, text: string, o: DrawOptions): void {
    let x = o.x;
    for (const run of this.runs(this.clean(text).text.replace(/\n/g, ' '))) {
      page.drawText(run.text, { x, y: o.y, size: o.size, font: run.font, ...(o.color ? { color: o.color } : {}) });
      x += run.font.widthOfTextAtSize(run.text, o.size);
    }
  }
}

export interface TextFonts {
  regular: TextFont;
  bold: TextFont;
  /** true when a font with CJK glyphs was embedded */
  unicode: boolean;
}

async function embedFirstCjk(doc: PDFDocument, candidates: readonly string[]): Promise<PDFFont | null> {
  // Outside the loop: fontkit failing to load is a broken install, said as such, not "no usable font" (text as '?').
  const fontkit = await loadFontkit();
  for (const file of candidates) {
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(file);
    } catch {
      continue;
    }
    try {
      doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
      return await doc.embedFont(bytes, { subset: true });
    } catch {
      // not a font pdf-lib can embed: try the next one
    }
  }
  return null;
}

/**
 * The fonts for a document whose text will be `texts`: a CJK font is embedded
 * only if some character is beyond the standard fonts.
 */
export async function embedTextFonts(
  doc: PDFDocument,
  texts: readonly string[],
  candidates: readonly string[] = SYSTEM_CJK_FONTS,
): Promise<TextFonts> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const latin = new Set(regular.getCharacterSet());
  const needsMore = texts.some((t) => [...t].some((ch) => !latin.has(ch.codePointAt(0)!) && !/\s/.test(ch)));
  const cjk = needsMore ? await embedFirstCjk(doc, candidates) : null;
  return { regular: new TextFont(regular, cjk), bold: new TextFont(bold, cjk), unicode: cjk !== null };
}
