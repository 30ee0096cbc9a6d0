import type * as PdfLib from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type QRCodeModule from 'qrcode';
import type { AppDeps } from '../../deps';
import { lazyModule } from '../../lib/lazy-module';
import { pdfSafe } from '../documents/pdf';
import { sealKeyFor, sealPdf } from '../documents/seal';
import { mailDay } from '../mail/dates';
import { ACHIEVEMENT_NAME, type ValidCertificate, validCertificateOf, verifyUrlOf } from './proof';

// Loaded with the first certificate, not at start-up.
const pdfLib = lazyModule<typeof PdfLib>('pdf-lib');
const qrCode = lazyModule<typeof QRCodeModule>('qrcode');

/** US Letter, landscape. */
const PAGE = { width: 792, height: 612 };
const INK: [number, number, number] = [0.1, 0.1, 0.12];
const MUTED: [number, number, number] = [0.35, 0.35, 0.4];
const BRAND_RED: [number, number, number] = [0.72, 0.09, 0.13];

/** 'Thursday, November 26, 2026' without the weekday: the certificate's dates. */
const longDay = (day: string) => mailDay(day).replace(/^[A-Za-z]+, /, '');

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const safe = pdfSafe(text);
  // A long name shrinks to fit between the margins rather than running off the page.
  const fitted = Math.min(
    size,
    (size * (PAGE.width - 120)) / Math.max(1, font.widthOfTextAtSize(safe, size)),
  );
  const width = font.widthOfTextAtSize(safe, fitted);
  page.drawText(safe, { x: (PAGE.width - width) / 2, y, size: fitted, font, color: pdfLib().rgb(...color) });
}

/** The certificate's one page: who, what, the number and dates, and the QR code to its verify page. */
async function renderCertificate(certificate: ValidCertificate, verifyUrl: string) {
  const { PDFDocument, StandardFonts, rgb } = pdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Soul Punch certificate ${certificate.certificateNumber} - ${pdfSafe(certificate.name)}`);
  pdf.setAuthor('Soul Punch');
  pdf.setSubject(ACHIEVEMENT_NAME);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const script = await pdf.embedFont(StandardFonts.TimesRomanItalic);

  page.drawRectangle({
    x: 24,
    y: 24,
    width: PAGE.width - 48,
    height: PAGE.height - 48,
    borderWidth: 2,
    borderColor: rgb(...BRAND_RED),
  });
  centred(page, 'SOUL PUNCH', 522, bold, 30, BRAND_RED);
  centred(page, 'Certificate of Certification', 488, font, 16, MUTED);
  centred(page, 'This certifies that', 440, font, 13);
  centred(page, certificate.name, 392, script, 40);
  centred(page, 'is a Soul Punch Certified Self-Defense Trainer,', 350, font, 14);
  centred(page, 'having completed the Soul Punch certification program.', 330, font, 14);

  const facts: Array<[string, string]> = [
    ['Certificate number', certificate.certificateNumber],
    ['Issued', longDay(certificate.issuedOn)],
    ['Valid through', longDay(certificate.expiresOn)],
  ];
  facts.forEach(([label, value], i) => {
    const y = 270 - i * 24;
    page.drawText(label, { x: 96, y, size: 11, font, color: rgb(...MUTED) });
    page.drawText(pdfSafe(value), { x: 236, y, size: 12, font: bold, color: rgb(...INK) });
  });

  const qr = await pdf.embedPng(await qrCode().toBuffer(verifyUrl, { margin: 1, width: 240 }));
  page.drawImage(qr, { x: PAGE.width - 96 - 120, y: 150, width: 120, height: 120 });
  page.drawText('Check this certificate: scan the code or open', {
    x: 96,
    y: 150,
    size: 10,
    font,
    color: rgb(...INK),
  });
  page.drawText(verifyUrl, { x: 96, y: 134, size: 10, font: bold, color: rgb(...INK) });
  const note =
    'This file is sealed with a digital signature: any change breaks the seal. The verify page shows whether the certificate is valid today.';
  page.drawText(note, {
    x: 96,
    y: 64,
    size: 8,
    font,
    color: rgb(...MUTED),
    maxWidth: PAGE.width - 192,
    lineHeight: 10,
  });
  return pdf;
}

/** The trainer's valid certificate as a PDF sealed with the documents' seal (pdfsig checks it), made at each ask. */
export async function certificatePdf(deps: AppDeps, trainerId: number) {
  const certificate = await validCertificateOf(deps, trainerId);
  const verifyUrl = verifyUrlOf(deps.config.appUrl, certificate.certificateNumber);
  const rendered = await renderCertificate(certificate, verifyUrl);
  const now = deps.clock.now();
  rendered.setCreationDate(now);
  rendered.setModificationDate(now);
  return {
    pdf: await sealPdf(rendered, sealKeyFor(deps.config), now),
    filename: `soul-punch-certificate-${certificate.certificateNumber}.pdf`,
  };
}
