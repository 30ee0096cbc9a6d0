import { randomUUID } from 'node:crypto';
import type {
  ReplacementInput,
  ReplacementRequest,
  ReplacementStatus,
  TrainerReplacements,
} from '@soulpunch/shared';
import type Sharp from 'sharp';
import type { Executor } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { lazyModule } from '../../lib/lazy-module';
import { deliverMail, queueMail } from '../mail/queue';
import { PICTURE_MESSAGES, sniffImageType } from '../profiles/picture';
import { replacementDecidedEmail } from './mail';
import {
  countPendingRequests,
  findRequest,
  insertRequest,
  listRequests,
  listTrainerRequests,
  lockRequest,
  type ReplacementListRow,
  setDecision,
  setPhoto,
} from './replacements-repository';
import { existingItemIds, listCatalog } from './repository';
import { findRecipient, insertShipment } from './shipments-repository';

const sharp = lazyModule<typeof Sharp>('sharp');

const REQUEST_NOT_FOUND = 'This replacement request does not exist.';
/** Requests a trainer may have waiting at once: enough for real damage, not a flood. */
export const MAX_PENDING_REQUESTS = 3;
const PHOTO_SIZE = 1600;

function requestView(row: ReplacementListRow): ReplacementRequest {
  return {
    id: row.id,
    trainerId: row.trainerId,
    trainerName: row.trainerName,
    itemId: row.itemId,
    itemName: row.itemName,
    quantity: row.quantity,
    reason: row.reason,
    hasPhoto: row.photoKey !== null,
    status: row.status,
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    shipmentId: row.shipmentId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A request of this trainer's (another trainer's is not found, as if it did not exist). */
async function requestOf(db: Executor, trainerId: number, requestId: number) {
  const row = await findRequest(db, requestId);
  if (!row || row.trainerId !== trainerId) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

export async function getRequest(db: Executor, id: number): Promise<ReplacementRequest> {
  const row = await findRequest(db, id);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return requestView(row);
}

export async function getRequests(db: Executor, status?: ReplacementStatus) {
  return (await listRequests(db, status)).map(requestView);
}

export async function getTrainerReplacements(db: Executor, trainerId: number): Promise<TrainerReplacements> {
  const [items, requests] = await Promise.all([listCatalog(db), listTrainerRequests(db, trainerId)]);
  return { items, requests: requests.map(requestView) };
}

export async function requestReplacement(
  deps: AppDeps,
  trainerId: number,
  input: ReplacementInput,
): Promise<ReplacementRequest> {
  if (!(await findRecipient(deps.db, trainerId))) throw notFound('Trainer not found');
  if (!(await existingItemIds(deps.db, [input.itemId])).has(input.itemId)) {
    throw badRequest('unknown_item', 'Choose an item from the list.', { itemId: 'Choose an item' });
  }
  if ((await countPendingRequests(deps.db, trainerId)) >= MAX_PENDING_REQUESTS) {
    throw new AppError(
      429,
      'rate_limited',
      `You have ${MAX_PENDING_REQUESTS} requests waiting for review: please wait for an answer before asking again.`,
    );
  }
  const id = await insertRequest(deps.db, {
    trainerId,
    itemId: input.itemId,
    quantity: input.quantity,
    reason: input.reason,
    createdAt: deps.clock.now(),
  });
  return getRequest(deps.db, id);
}

/**
 * The photo, checked by its bytes and re-encoded like a profile picture (metadata dropped, anything hidden in the
 * file left behind); kept only while the request waits for review.
 */
export async function attachPhoto(
  deps: AppDeps,
  trainerId: number,
  requestId: number,
  bytes: Buffer,
): Promise<ReplacementRequest> {
  await requestOf(deps.db, trainerId, requestId);
  if (!sniffImageType(bytes)) throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.wrongType);
  let data: Buffer;
  try {
    data = await sharp()(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.unreadable);
  }
  const key = `replacements/request-${requestId}-${randomUUID()}.webp`;
  await deps.storage.put(key, data);
  const changed = await deps.db.transaction().execute((trx) => setPhoto(trx, requestId, key));
  if (!changed) {
    await deps.storage.delete(key);
    throw new AppError(
      409,
      'request_decided',
      'This request has been decided: its photo can no longer change.',
    );
  }
  if (changed.replaced) await deps.storage.delete(changed.replaced);
  return getRequest(deps.db, requestId);
}

export async function getPhoto(deps: AppDeps, trainerId: number, requestId: number): Promise<Buffer> {
  const row = await requestOf(deps.db, trainerId, requestId);
  const data = row.photoKey ? await deps.storage.get(row.photoKey) : undefined;
  if (!data) throw notFound('This request has no photo.');
  return data;
}

/**
 * An admin approves (the request becomes a shipment 'to pack') or declines it, with a note e-mailed to the trainer;
 * a request is decided once.
 */
export async function decideReplacement(
  deps: AppDeps,
  requestId: number,
  decision: 'approve' | 'decline',
  note: string,
  adminId: number,
): Promise<ReplacementRequest> {
  const now = deps.clock.now();
  const mail = await deps.db.transaction().execute(async (trx) => {
    const request = await lockRequest(trx, requestId);
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.status !== 'pending') {
      throw new AppError(409, 'request_decided', `This request was ${request.status} already.`);
    }
    const approved = decision === 'approve';
    const shipmentId = approved
      ? ((await insertShipment(trx, { trainerId: request.trainerId, kind: 'replacement', createdAt: now }, [
          { itemId: request.itemId, quantity: request.quantity },
        ])) ?? null)
      : null;
    await setDecision(trx, requestId, {
      status: approved ? 'approved' : 'declined',
      note,
      by: adminId,
      at: now,
      shipmentId,
    });
    const view = await findRequest(trx, requestId);
    const recipient = await findRecipient(trx, request.trainerId);
    if (!view || !recipient) return [];
    const notice = replacementDecidedEmail(deps.config.appUrl, recipient, {
      approved,
      itemName: view.itemName,
      quantity: view.quantity,
      note,
    });
    return queueMail(trx, now, notice);
  });
  await deliverMail(deps, mail);
  return getRequest(deps.db, requestId);
}
