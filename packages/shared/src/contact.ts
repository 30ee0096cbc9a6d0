/** The Contact button's rules (spec portal 5), shared by directory cards and trainer profiles. */
export type ContactAction =
  | { kind: 'email'; href: string }
  | { kind: 'phone'; href: string }
  | { kind: 'web'; href: string }
  | { kind: 'none'; message: string };

export const CONTACT_EMAIL_SUBJECT = 'Soul Punch Training Inquiry';
export const NO_CONTACT_MESSAGE = 'Contact this trainer via the Soul Punch website.';

const mailto = (address: string) => `mailto:${address}?subject=${encodeURIComponent(CONTACT_EMAIL_SUBJECT)}`;

export function contactActionFor(value: string | null | undefined): ContactAction {
  const contact = value?.trim();
  if (!contact) return { kind: 'none', message: NO_CONTACT_MESSAGE };
  if (contact.includes('@') && contact.includes('.')) return { kind: 'email', href: mailto(contact) };
  if (/^[\d\s\-()+]+$/.test(contact)) return { kind: 'phone', href: `tel:${contact.replace(/\D/g, '')}` };
  if (/^https?:/i.test(contact)) return { kind: 'web', href: contact };
  if (/^www\./i.test(contact)) return { kind: 'web', href: `https://${contact}` };
  // Anything else is taken as an e-mail address, as the prototype did.
  return { kind: 'email', href: mailto(contact) };
}
