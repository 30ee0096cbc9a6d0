import { CARRIER_LABELS, type Carrier, SUPPORT_EMAIL, trackingUrl } from '@soulpunch/shared';
import type { MailMessage } from '../mail/mailer';
import { noticeEmail } from '../mail/templates';
import type { StaffNotice } from '../notifications/service';

interface Recipient {
  name: string;
  email: string;
}

/** The admin area's notice of an item at or below its reorder threshold (modules/notifications routes it). */
export function lowStockNotice(
  appUrl: string,
  item: { name: string; sku: string; stock: number; reorderThreshold: number },
): StaffNotice {
  return {
    subject: `Low stock: ${item.name} (${item.stock} left)`,
    paragraphs: [
      `${item.name} (SKU ${item.sku}) is down to ${item.stock}, at or below its reorder threshold of ${item.reorderThreshold}.`,
      'Reorder it, then record the delivery on the Inventory page as a stock adjustment.',
    ],
    link: { label: 'Open Inventory', url: `${appUrl}/admin/inventory` },
  };
}

const lines = (items: ReadonlyArray<{ name: string; quantity: number }>) =>
  items.map((i) => `${i.quantity} x ${i.name}`).join(', ');

export function shippedEmail(
  appUrl: string,
  to: Recipient,
  shipment: {
    kind: 'starter_kit' | 'replacement';
    carrier: Carrier;
    trackingNumber: string;
    items: ReadonlyArray<{ name: string; quantity: number }>;
  },
): MailMessage {
  const what = shipment.kind === 'starter_kit' ? 'Your Soul Punch starter kit' : 'Your replacement';
  const link = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return noticeEmail({
    to: to.email,
    name: to.name,
    subject: `${what} has shipped`,
    paragraphs: [
      `${what} is on its way with ${CARRIER_LABELS[shipment.carrier]}: ${lines(shipment.items)}.`,
      `Tracking number: ${shipment.trackingNumber}. Your dashboard shows the shipment and its tracking number too.`,
    ],
    links: link ? [{ label: `Track it with ${CARRIER_LABELS[shipment.carrier]}`, url: link }] : [],
    action: { label: 'Open your dashboard', url: `${appUrl}/trainer-portal` },
  });
}

export function replacementDecidedEmail(
  appUrl: string,
  to: Recipient,
  decision: { approved: boolean; itemName: string; quantity: number; note: string },
): MailMessage {
  const item = `${decision.quantity} x ${decision.itemName}`;
  return noticeEmail({
    to: to.email,
    name: to.name,
    subject: decision.approved
      ? 'Your replacement request is approved'
      : 'Your replacement request was declined',
    paragraphs: [
      decision.approved
        ? `Your request for a replacement (${item}) is approved: we are packing it and will e-mail you its tracking number when it ships.`
        : `Your request for a replacement (${item}) was declined.`,
      `Note from the Soul Punch team: ${decision.note}`,
      `Questions? Write to ${SUPPORT_EMAIL}.`,
    ],
    action: { label: 'Open your dashboard', url: `${appUrl}/trainer-portal` },
  });
}
