import { randomUUID, sign } from 'node:crypto';
import { DEFAULT_TIME_ZONE, zonedTimeToInstant } from '@soulpunch/shared';
import type { AppDeps } from '../../deps';
import { currentSigningKey } from './credential-keys';
import {
  ACHIEVEMENT_NAME,
  BRAND,
  credentialStatusUrl,
  issuerId,
  type ValidCertificate,
  validCertificateOf,
} from './proof';

/**
 * The certificate as a portable digital credential (decision record 0015): an Open Badges 3.0
 * OpenBadgeCredential in the W3C VC data model 2.0, secured as a VC-JWT (VC-JOSE-COSE: the payload is the
 * credential itself, with the JWT claims that mirror it), signed EdDSA (Ed25519) with the installation's key.
 */

const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
const OPEN_BADGES_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
/** The achievement every credential of the brand is for: one certification, one identifier. */
const ACHIEVEMENT_ID = 'urn:uuid:6f0c3c52-8a3e-4d7e-9b61-3c2f5e0d7a14';
/** Our status method: GET its `id` answers active, expired, suspended or revoked (decision record 0015). */
export const CREDENTIAL_STATUS_TYPE = 'SoulPunchCertificateStatus';

/** The first instant of a calendar day in the brand's time zone. */
const dayStart = (day: string) => zonedTimeToInstant(day, '00:00', DEFAULT_TIME_ZONE);

function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Valid from the issue day's start through the expiry day's end, in the brand's time zone. */
export function validityOf(certificate: Pick<ValidCertificate, 'issuedOn' | 'expiresOn'>) {
  return { validFrom: dayStart(certificate.issuedOn), validUntil: dayStart(dayAfter(certificate.expiresOn)) };
}

/** The credential (the JWT's payload without its claims). */
export function buildCredential(appUrl: string, certificate: ValidCertificate, validityYears: number) {
  const { validFrom, validUntil } = validityOf(certificate);
  const issuer = { id: issuerId(appUrl), type: ['Profile'], name: BRAND, url: appUrl };
  return {
    '@context': [VC_CONTEXT, OPEN_BADGES_CONTEXT],
    id: `urn:uuid:${randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: ACHIEVEMENT_NAME,
    issuer,
    validFrom: validFrom.toISOString(),
    validUntil: validUntil.toISOString(),
    credentialSubject: {
      type: ['AchievementSubject'],
      // Open Badges names its recipient with an identity object; ours is the certificate's own name, in clear.
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: certificate.name },
      ],
      licenseNumber: certificate.certificateNumber,
      achievement: {
        id: ACHIEVEMENT_ID,
        type: ['Achievement'],
        achievementType: 'Certification',
        name: ACHIEVEMENT_NAME,
        description: `Certified by Soul Punch to teach self-defense, valid ${validityYears} years, renewal required.`,
        criteria: {
          id: `${appUrl}/legal/terms`,
          narrative:
            'Paid the Soul Punch certification program, signed the trainer agreements and completed a Train the Trainer session; renewed every ' +
            `${validityYears} years.`,
        },
        creator: issuer,
      },
    },
    credentialStatus: {
      id: credentialStatusUrl(appUrl, certificate.certificateNumber),
      type: CREDENTIAL_STATUS_TYPE,
    },
  };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The trainer's valid certificate as a signed VC-JWT (compact JWS), made at each download. */
export async function issueCredential(deps: AppDeps, trainerId: number) {
  const certificate = await validCertificateOf(deps, trainerId);
  const { kid, privateKey } = await currentSigningKey(deps);
  const credential = buildCredential(
    deps.config.appUrl,
    certificate,
    deps.config.certification.validityYears,
  );
  const header = { alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc', kid };
  // The registered claims repeat the credential's own values (never contradict them), for JWT libraries.
  const payload = {
    ...credential,
    iss: credential.issuer.id,
    jti: credential.id,
    iat: seconds(deps.clock.now()),
    nbf: seconds(new Date(credential.validFrom)),
    exp: seconds(new Date(credential.validUntil)),
  };
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  const signature = sign(null, Buffer.from(signingInput), privateKey).toString('base64url');
  return {
    jwt: `${signingInput}.${signature}`,
    filename: `soul-punch-credential-${certificate.certificateNumber}.jwt`,
  };
}
