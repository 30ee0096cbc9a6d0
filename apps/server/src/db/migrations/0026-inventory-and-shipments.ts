import { type Kysely, sql } from 'kysely';

/**
 * Inventory and shipping (issue 27 part 2, decision record 0017): items with stock that never goes below zero,
 * every change of stock as a movement with its reason (the shelf count is the movements' sum), the starter kit's
 * definition, shipments with their items, and trainers' replacement requests. One starter kit per trainer, held
 * by a unique index, whoever asks twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventory_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('equipment', 'curriculum')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn('reorder_threshold', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`reorder_threshold >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('starter_kit', 'replacement')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('to_pack').check(sql`status in ('to_pack', 'shipped', 'delivered')`),
    )
    .addColumn('carrier', 'text', (c) => c.check(sql`carrier in ('usps', 'ups', 'fedex', 'dhl', 'other')`))
    .addColumn('tracking_number', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('shipped_at', 'timestamptz')
    .addColumn('shipped_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('delivered_at', 'timestamptz')
    // Shipped (or delivered) exactly when it has its carrier, tracking number and day.
    .addCheckConstraint(
      'shipped_has_tracking',
      sql`(status = 'to_pack') = (shipped_at is null) and (status = 'to_pack') = (tracking_number is null)
        and (status = 'to_pack') = (carrier is null) and (status = 'delivered') = (delivered_at is not null)`,
    )
    .execute();
  await sql`create unique index shipments_one_starter_kit on shipments (trainer_id) where kind = 'starter_kit'`.execute(
    db,
  );
  await db.schema.createIndex('shipments_trainer').on('shipments').columns(['trainer_id', 'id']).execute();
  await db.schema.createIndex('shipments_status').on('shipments').columns(['status', 'id']).execute();

  await db.schema
    .createTable('shipment_items')
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('inventory_items.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('shipment_items_pk', ['shipment_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('inventory_items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('initial', 'adjustment', 'shipment')`))
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('stock_after', 'integer', (c) => c.notNull().check(sql`stock_after >= 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id').onDelete('set null'))
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_item')
    .on('stock_movements')
    .columns(['item_id', 'id'])
    .execute();

  await db.schema
    .createTable('starter_kit_items')
    .addColumn('item_id', 'integer', (c) =>
      c.primaryKey().references('inventory_items.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('replacement_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('inventory_items.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('photo_key', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'declined')`),
    )
    .addColumn('decision_note', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('decided_has_note', sql`(status = 'pending') = (decided_at is null)`)
    .execute();
  await db.schema
    .createIndex('replacement_requests_trainer')
    .on('replacement_requests')
    .columns(['trainer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('replacement_requests_status')
    .on('replacement_requests')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'replacement_requests',
    'starter_kit_items',
    'stock_movements',
    'shipment_items',
    'shipments',
    'inventory_items',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
