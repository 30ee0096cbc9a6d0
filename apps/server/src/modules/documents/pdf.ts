import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type QRCodeModule from 'qrcode';
import { lazyModule } from '../../lib/lazy-module';

// Loaded with the first document, not at start-up.
const pdfLib = lazyModule<typeof PdfLib>('pdf-lib');
const qrCode = lazyModule<typeof QRCodeModule>('qrcode');

const PAGE = { width: 612, height: 792, margin: 56 };

/** The standard PDF fonts only know Latin-1 (WinAnsi): anything else is replaced rather than failing. */
export const pdfSafe = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00b7/g, '-')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, '?');

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  ensure(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }
  /** Wraps a paragraph to the page width. */
  text(
    value: string,
    options: { size?: number; bold?: boolean; gap?: number; color?: [number, number, number] } = {},
  ) {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.font;
    const width = PAGE.width - 2 * PAGE.margin;
    for (const paragraph of pdfSafe(value).split('\n')) {
      const words = paragraph.split(/\s+/).filter(Boolean);
      let line = '';
      const flush = () => {
        this.ensure(size * 1.4);
        this.page.drawText(line, {
          x: PAGE.margin,
          y: this.y - size,
          size,
          font,
          color: pdfLib().rgb(...(options.color ?? [0.1, 0.1, 0.12])),
        });
        this.y -= size * 1.4;
        line = '';
      };
      if (!words.length) this.y -= size * 0.7;
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) > width && line) {
          flush();
          line = word;
        } else line = candidate;
      }
      if (line) flush();
    }
    this.y -= options.gap ?? 4;
  }
}

export interface SignedDocumentFacts {
  documentId: number;
  title: string;
  version: number;
  templateSha256: string;
  body: string;
  signerName: string;
  signerEmail: string;
  signatureImage: string | null;
  signedAt: Date;
  sentAt: Date | null;
  viewedAt: Date | null;
  ip: string;
  userAgent: string;
  consent: { givenAt: Date; version: number; sha256: string };
  verifyUrl: string;
  events: Array<{ type: string; at: Date; actor: string; ip: string | null; entryHash: string }>;
}

const utc = (d: Date | null) => (d ? `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC` : 'N/A');

/** The document, its signature, the certificate of completion and the audit trail; sealing comes after. */
export async function renderSignedDocument(facts: SignedDocumentFacts): Promise<PDFDocument> {
  const pdf = await pdfLib().PDFDocument.create();
  pdf.setTitle(`${facts.title} - signed by ${pdfSafe(facts.signerName)}`);
  pdf.setAuthor('Soul Punch');
  pdf.setCreationDate(facts.signedAt);
  pdf.setModificationDate(facts.signedAt);
  const w = new Writer(
    pdf,
    await pdf.embedFont(pdfLib().StandardFonts.Helvetica),
    await pdf.embedFont(pdfLib().StandardFonts.HelveticaBold),
  );
  const script = await pdf.embedFont(pdfLib().StandardFonts.TimesRomanItalic);

  w.text(facts.title, { size: 18, bold: true, gap: 2 });
  w.text(`Version ${facts.version} - document ${facts.documentId}`, {
    size: 9,
    color: [0.35, 0.35, 0.4],
    gap: 14,
  });
  w.text(facts.body);

  w.ensure(150);
  w.y -= 10;
  w.text('Signature', { size: 13, bold: true });
  w.page.drawText(pdfSafe(facts.signerName), { x: 56, y: w.y - 26, size: 26, font: script });
  w.y -= 36;
  if (facts.signatureImage) {
    const png = await pdf.embedPng(Buffer.from(facts.signatureImage.split(',')[1] ?? '', 'base64'));
    const scale = Math.min(220 / png.width, 70 / png.height, 1);
    w.ensure(png.height * scale + 10);
    w.page.drawImage(png, {
      x: 56,
      y: w.y - png.height * scale,
      width: png.width * scale,
      height: png.height * scale,
    });
    w.y -= png.height * scale + 6;
  }
  w.text(`Signed electronically by ${facts.signerName} <${facts.signerEmail}> on ${utc(facts.signedAt)}.`, {
    size: 9,
  });

  w.newPage();
  w.text('Certificate of Completion', { size: 18, bold: true, gap: 12 });
  const rows: Array<[string, string]> = [
    ['Document ID', String(facts.documentId)],
    ['Document', `${facts.title}, version ${facts.version}`],
    ['Document SHA-256', facts.templateSha256],
    ['Signer', facts.signerName],
    ['Signer e-mail', facts.signerEmail],
    ['Authentication', 'Single-use sign-in link e-mailed to the signer, then a signed-in session'],
    [
      'Consent to electronic records',
      `Given ${utc(facts.consent.givenAt)} (disclosure version ${facts.consent.version}, SHA-256 ${facts.consent.sha256})`,
    ],
    [
      'Intent',
      `Ticked 'I have read and agree', typed full name${facts.signatureImage ? ', drew a signature' : ''}`,
    ],
    ['IP address', facts.ip],
    ['Device', facts.userAgent],
    ['Sent', utc(facts.sentAt)],
    ['Viewed', utc(facts.viewedAt)],
    ['Signed', utc(facts.signedAt)],
  ];
  for (const [label, value] of rows) {
    w.text(label, { size: 9, bold: true, gap: 0 });
    w.text(value, { size: 10, gap: 6 });
  }
  w.text(`Check this document at ${facts.verifyUrl} (or scan the code).`, { size: 9, gap: 6 });
  const qr = await pdf.embedPng(await qrCode().toBuffer(facts.verifyUrl, { margin: 1, width: 160 }));
  w.ensure(110);
  w.page.drawImage(qr, { x: 56, y: w.y - 100, width: 100, height: 100 });
  w.y -= 110;
  w.text(
    'This file is sealed with a digital signature applied after the last page was written: any change breaks the seal.',
    { size: 8.5, color: [0.35, 0.35, 0.4] },
  );

  w.newPage();
  w.text('Audit Trail', { size: 18, bold: true, gap: 12 });
  for (const e of facts.events) {
    w.text(`${utc(e.at)} - ${e.type.replace('_', ' ')} - ${e.actor}${e.ip ? ` - ${e.ip}` : ''}`, {
      size: 9.5,
      gap: 0,
    });
    w.text(`entry ${e.entryHash}`, { size: 7.5, color: [0.4, 0.4, 0.45], gap: 5 });
  }
  return pdf;
}

/** An admin's preview of a draft: the text as it will read, marked PREVIEW, never sealed. */
export async function renderPreview(title: string, body: string): Promise<Buffer> {
  const pdf = await pdfLib().PDFDocument.create();
  const w = new Writer(
    pdf,
    await pdf.embedFont(pdfLib().StandardFonts.Helvetica),
    await pdf.embedFont(pdfLib().StandardFonts.HelveticaBold),
  );
  w.text('PREVIEW - not for signature', { size: 10, bold: true, color: [0.7, 0.1, 0.1], gap: 8 });
  w.text(title, { size: 18, bold: true, gap: 12 });
  w.text(body);
  return Buffer.from(await pdf.save());
}
