import { localDateText, type ReplacementStatus, type ShipmentStatus } from '@soulpunch/shared';

/** Badge colours dark enough for white text (WCAG AA). */
export const SHIPMENT_STATUS_COLORS: Record<ShipmentStatus, string> = {
  to_pack: '#a84300',
  shipped: 'blue.9',
  delivered: 'teal.9',
};

export const REQUEST_STATUS_COLORS: Record<ReplacementStatus, string> = {
  pending: '#a84300',
  approved: 'teal.9',
  declined: 'red.9',
};

export const shortDay = (iso: string) => localDateText(new Date(iso));

export const stamp = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** '2 x Focus mitts, 1 x Trainer workbook'. */
export const linesText = (items: ReadonlyArray<{ name: string; quantity: number }>) =>
  items.map((i) => `${i.quantity} x ${i.name}`).join(', ');
