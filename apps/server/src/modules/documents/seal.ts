import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as PlaceholderPdfLib from '@signpdf/placeholder-pdf-lib';
import type * as SignerP12 from '@signpdf/signer-p12';
import type signpdfModule from '@signpdf/signpdf';
import type Forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import type { AppConfig } from '../../config';
import { lazyModule } from '../../lib/lazy-module';

// Loaded with the first seal or check, not at start-up.
const placeholder = lazyModule<typeof PlaceholderPdfLib>('@signpdf/placeholder-pdf-lib');
const signerP12 = lazyModule<typeof SignerP12>('@signpdf/signer-p12');
const signpdfPackage = lazyModule<typeof signpdfModule>('@signpdf/signpdf');
const forgeModule = lazyModule<typeof Forge>('node-forge');
// The package is CommonJS with an ES default export.
const signpdf = () => {
  const loaded = signpdfPackage();
  return (loaded as unknown as { default?: typeof signpdfModule }).default ?? loaded;
};

/** Room for the PKCS#7 signature in the file (hex doubles it). */
const SIGNATURE_LENGTH = 16_000;
export const SEAL_NAME = 'Soul Punch Document Seal';

export interface SealKey {
  p12: Buffer;
  passphrase: string;
  /** The certificate, to check that a seal is ours. */
  certificatePem: string;
}

/** A self-signed RSA 2048 certificate and key, made once per installation. */
export function generateSealKey(passphrase: string): SealKey {
  const keys = forgeModule().pki.rsa.generateKeyPair(2048);
  const cert = forgeModule().pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${forgeModule().util.bytesToHex(forgeModule().random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 20 * 365 * 24 * 3600 * 1000);
  const attrs = [
    { name: 'commonName', value: SEAL_NAME },
    { name: 'organizationName', value: 'Soul Punch' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forgeModule().md.sha256.create());
  const asn1 = forgeModule().pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: '3des' });
  return {
    p12: Buffer.from(forgeModule().asn1.toDer(asn1).getBytes(), 'binary'),
    passphrase,
    certificatePem: forgeModule().pki.certificateToPem(cert),
  };
}

function certificateOf(p12: Buffer, passphrase: string): string {
  const asn1 = forgeModule().asn1.fromDer(p12.toString('binary'));
  const parsed = forgeModule().pkcs12.pkcs12FromAsn1(asn1, passphrase);
  const certBag = forgeModule().pki.oids.certBag as string;
  const bag = parsed.getBags({ bagType: certBag })[certBag]?.[0];
  if (!bag?.cert) throw new Error('The sealing key file holds no certificate');
  return forgeModule().pki.certificateToPem(bag.cert);
}

const loaded = new Map<string, SealKey>();

/**
 * The installation's sealing key: the configured PKCS#12 file, or one generated on first need into
 * DATA_DIR/seal (never committed). Generating takes a few seconds, so it happens once per process.
 */
export function sealKeyFor(config: AppConfig): SealKey {
  const file = config.sealP12Path ?? path.join(config.dataDir, 'seal', 'seal.p12');
  const cached = loaded.get(file);
  if (cached) return cached;
  let passphrase = config.sealP12Password ?? '';
  if (!existsSync(file)) {
    if (config.sealP12Path) throw new Error(`SEAL_P12_PATH ${file} does not exist`);
    passphrase = createHash('sha256').update(`${config.sessionSecret}:seal`).digest('hex');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, generateSealKey(passphrase).p12, { mode: 0o600 });
    chmodSync(file, 0o600);
  } else if (!config.sealP12Path) {
    passphrase = createHash('sha256').update(`${config.sessionSecret}:seal`).digest('hex');
  }
  const p12 = readFileSync(file);
  const key = { p12, passphrase, certificatePem: certificateOf(p12, passphrase) };
  loaded.set(file, key);
  return key;
}

/** Seals a finished document once, last: a placeholder, then the PKCS#7 signature over every other byte. */
export async function sealPdf(pdf: PDFDocument, key: SealKey, signingTime: Date): Promise<Buffer> {
  placeholder().pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: 'Signed electronically and sealed by Soul Punch',
    contactInfo: 'support@soulpunch.example',
    name: SEAL_NAME,
    location: 'Tulsa, OK, USA',
    signingTime,
    signatureLength: SIGNATURE_LENGTH,
  });
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return signpdf().sign(
    bytes,
    new (signerP12().P12Signer)(key.p12, { passphrase: key.passphrase }),
    signingTime,
  );
}

/**
 * Checks a sealed file: the signed byte ranges cover the whole file but the signature itself, the PKCS#7 digest
 * matches those bytes, the signature verifies, and the signer is our certificate.
 */
export function checkSeal(file: Buffer, certificatePem: string): { ok: boolean; reason: string } {
  const text = file.toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!match) return { ok: false, reason: 'The file carries no seal.' };
  const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
  if (a !== 0 || c + d !== file.length || b >= c) {
    return { ok: false, reason: 'The seal does not cover the whole file: something was added or removed.' };
  }
  const hex = file
    .subarray(b + 1, c - 1)
    .toString('latin1')
    .replace(/0+$/, '');
  try {
    const der = forgeModule().util.hexToBytes(hex.length % 2 ? `${hex}0` : hex);
    const p7 = forgeModule().pkcs7.messageFromAsn1(
      forgeModule().asn1.fromDer(der),
    ) as Forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes: Forge.asn1.Asn1[]; signature: string };
    };
    const signer = p7.certificates[0];
    if (!signer) return { ok: false, reason: 'The seal names no certificate.' };
    const ours = forgeModule().pki.certificateFromPem(certificatePem);
    if (forgeModule().pki.certificateToPem(signer) !== forgeModule().pki.certificateToPem(ours)) {
      return { ok: false, reason: 'The seal was not made by this installation.' };
    }
    const signed = Buffer.concat([file.subarray(a, a + b), file.subarray(c, c + d)]);
    const digest = createHash('sha256').update(signed).digest('binary');
    const attrs = p7.rawCapture.authenticatedAttributes;
    const messageDigest = attrs
      .map((attr) => attr.value as Forge.asn1.Asn1[])
      .find(
        (v) =>
          forgeModule().asn1.derToOid((v[0] as Forge.asn1.Asn1).value as string) ===
          forgeModule().pki.oids.messageDigest,
      );
    const stored = ((messageDigest?.[1] as Forge.asn1.Asn1)?.value as Forge.asn1.Asn1[] | undefined)?.[0]
      ?.value;
    if (stored !== digest)
      return { ok: false, reason: 'The document was changed after it was sealed (digest mismatch).' };
    // The signature covers the authenticated attributes, re-encoded as a SET.
    const set = forgeModule().asn1.create(
      forgeModule().asn1.Class.UNIVERSAL,
      forgeModule().asn1.Type.SET,
      true,
      attrs,
    );
    const md = forgeModule().md.sha256.create();
    md.update(forgeModule().asn1.toDer(set).getBytes());
    const publicKey = signer.publicKey as Forge.pki.rsa.PublicKey;
    if (!publicKey.verify(md.digest().getBytes(), p7.rawCapture.signature)) {
      return { ok: false, reason: 'The seal signature does not verify.' };
    }
    return { ok: true, reason: 'The seal is ours and covers the whole, unaltered file.' };
  } catch {
    return { ok: false, reason: 'The seal could not be read: the file was damaged or altered.' };
  }
}
