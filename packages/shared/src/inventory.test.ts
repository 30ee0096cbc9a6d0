import { describe, expect, it } from 'vitest';
import {
  becomesLowStock,
  isLowStock,
  MAX_STOCK,
  newItemSchema,
  shipInputSchema,
  starterKitInputSchema,
  stockAdjustmentSchema,
  stockAfter,
  stockShortfalls,
  trackingUrl,
} from './inventory';

describe('stock rules', () => {
  it('is low at or below the reorder threshold', () => {
    expect(isLowStock(6, 5)).toBe(false);
    expect(isLowStock(5, 5)).toBe(true);
    expect(isLowStock(0, 0)).toBe(true);
  });

  it('tells of low stock once, as the line is crossed (by stock or by threshold)', () => {
    expect(becomesLowStock({ stock: 6, reorderThreshold: 5 }, { stock: 5, reorderThreshold: 5 })).toBe(true);
    expect(becomesLowStock({ stock: 5, reorderThreshold: 5 }, { stock: 4, reorderThreshold: 5 })).toBe(false);
    expect(becomesLowStock({ stock: 10, reorderThreshold: 2 }, { stock: 10, reorderThreshold: 10 })).toBe(
      true,
    );
    expect(becomesLowStock({ stock: 3, reorderThreshold: 5 }, { stock: 30, reorderThreshold: 5 })).toBe(
      false,
    );
  });

  it('never goes below zero or past the ceiling', () => {
    expect(stockAfter(5, -5)).toBe(0);
    expect(stockAfter(5, -6)).toBeNull();
    expect(stockAfter(MAX_STOCK, 1)).toBeNull();
    expect(stockAfter(2, 3)).toBe(5);
  });

  it('names every line a shipment cannot take from the shelf', () => {
    const lines = [
      { itemId: 1, quantity: 2 },
      { itemId: 2, quantity: 1 },
      { itemId: 3, quantity: 1 },
    ];
    const shelf = new Map([
      [1, 1],
      [2, 1],
    ]);
    expect(stockShortfalls(lines, shelf)).toEqual([
      { itemId: 1, quantity: 2, stock: 1 },
      { itemId: 3, quantity: 1, stock: 0 },
    ]);
  });
});

describe('inventory input', () => {
  it('upper-cases SKUs and tracking numbers and refuses odd ones', () => {
    const item = { kind: 'equipment', name: ' Pads ', sku: 'pad-14oz', reorderThreshold: 3, stock: 0 };
    expect(newItemSchema.parse(item)).toMatchObject({ sku: 'PAD-14OZ', name: 'Pads' });
    expect(newItemSchema.safeParse({ ...item, sku: 'pad 14' }).success).toBe(false);
    expect(newItemSchema.safeParse({ ...item, sku: '=1+1' }).success).toBe(false);
    expect(shipInputSchema.parse({ carrier: 'usps', trackingNumber: '9400 1000 0000' }).trackingNumber).toBe(
      '9400 1000 0000',
    );
    expect(shipInputSchema.safeParse({ carrier: 'usps', trackingNumber: '<script>' }).success).toBe(false);
  });

  it('wants a non-zero adjustment with a reason, and each kit item once', () => {
    expect(stockAdjustmentSchema.safeParse({ change: 0, reason: 'Counted' }).success).toBe(false);
    expect(stockAdjustmentSchema.safeParse({ change: -2, reason: 'Torn' }).success).toBe(true);
    expect(stockAdjustmentSchema.safeParse({ change: 2 }).success).toBe(false);
    const kit = {
      items: [
        { itemId: 1, quantity: 1 },
        { itemId: 1, quantity: 2 },
      ],
    };
    expect(starterKitInputSchema.safeParse(kit).success).toBe(false);
    expect(starterKitInputSchema.safeParse({ items: [{ itemId: 1, quantity: 0 }] }).success).toBe(false);
    expect(starterKitInputSchema.safeParse({ items: [] }).success).toBe(true);
  });

  it("links to the carrier's tracking page, with the number encoded", () => {
    expect(trackingUrl('usps', '9400 1')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201',
    );
    expect(trackingUrl('other', 'X1')).toBeNull();
  });
});
