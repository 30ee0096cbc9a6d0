import type { IntegrationsAnswer, MailTestAnswer, SessionUser } from '@soulpunch/shared';
import type { AppDeps } from '../../deps';
import { DAY_MS } from '../../lib/clock';
import { enforceRateLimits } from '../../lib/rate-limit';
import { mailHealth } from '../mail/mailer';
import { countMailWaiting } from '../mail/queue';
import { noticeEmail } from '../mail/templates';
import { countFailedPaymentEvents, findAssistantActivity, findLatestPaymentEvent } from './repository';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

async function paymentsStatus(deps: AppDeps): Promise<IntegrationsAnswer['payments']> {
  const { paymentProvider, stripeSecretKey } = deps.config;
  const latest = await findLatestPaymentEvent(deps.db);
  const weekAgo = new Date(deps.clock.now().getTime() - 7 * DAY_MS);
  return {
    provider: paymentProvider,
    mode: paymentProvider === 'stripe' && stripeSecretKey?.startsWith('sk_live_') ? 'live' : 'test',
    lastWebhook: latest
      ? {
          receivedAt: latest.receivedAt.toISOString(),
          type: latest.type,
          result: latest.processedAt ? 'processed' : latest.error ? 'failed' : 'waiting',
          error: latest.processedAt ? null : latest.error,
        }
      : null,
    failedLastWeek: await countFailedPaymentEvents(deps.db, weekAgo),
  };
}

async function mailStatus(deps: AppDeps): Promise<IntegrationsAnswer['mail']> {
  const health = await mailHealth(deps.db);
  const failedAt = health?.lastFailedAt;
  return {
    transport: deps.mailer.kind,
    from: deps.config.mailFrom,
    lastSentAt: iso(health?.lastSentAt),
    lastFailure:
      failedAt && health.lastError
        ? { at: failedAt.toISOString(), error: health.lastError, subject: health.lastFailedSubject ?? '' }
        : null,
    waiting: await countMailWaiting(deps.db),
  };
}

/** Whether the file store answers (and the room left on a disk); a store that cannot be reached says why. */
async function storageStatus(deps: AppDeps): Promise<IntegrationsAnswer['storage']> {
  const { storage, config } = deps;
  const configured = config.storage.kind === 's3' ? `s3://${config.storage.bucket}` : config.storage.dir;
  if (!storage.check) {
    return {
      kind: storage.kind,
      location: configured,
      reachable: false,
      freeBytes: null,
      totalBytes: null,
      problem: 'This storage cannot be checked.',
    };
  }
  try {
    const found = await storage.check();
    return { kind: storage.kind, ...found, reachable: true, problem: null };
  } catch (error) {
    return {
      kind: storage.kind,
      location: configured,
      reachable: false,
      freeBytes: null,
      totalBytes: null,
      problem: error instanceof Error ? error.message.slice(0, 300) : String(error),
    };
  }
}

async function assistantStatus(deps: AppDeps): Promise<IntegrationsAnswer['assistant']> {
  const activity = await findAssistantActivity(deps.db);
  return {
    configured: deps.config.assistantModel !== undefined,
    model: deps.config.assistantModel?.model ?? null,
    lastAnswerAt: iso(activity.lastAnswerAt),
    lastModelAnswerAt: iso(activity.lastModelAnswerAt),
  };
}

/** Each outside service as the app's own records show it, so the team can tell what is wrong without logs. */
export async function getIntegrations(deps: AppDeps): Promise<IntegrationsAnswer> {
  const [payments, mail, storage, assistant] = await Promise.all([
    paymentsStatus(deps),
    mailStatus(deps),
    storageStatus(deps),
    assistantStatus(deps),
  ]);
  return { payments, mail, storage, assistant, checkedAt: deps.clock.now().toISOString() };
}

/**
 * Sends a test e-mail to the administrator asking, straight to the mail server (not through the queue), and says
 * what the server answered. At most 5 in 10 minutes per person.
 */
export async function sendTestEmail(deps: AppDeps, admin: SessionUser): Promise<MailTestAnswer> {
  await enforceRateLimits(
    deps.db,
    [{ key: `mail-test:${admin.id}`, limit: 5, windowSeconds: 600 }],
    deps.clock.now(),
  );
  try {
    await deps.mailer.send(
      noticeEmail({
        to: admin.email,
        name: admin.name,
        subject: 'Soul Punch test e-mail',
        paragraphs: [
          'This is the test e-mail you asked for from Settings > Integrations.',
          'It reached you, so the platform can send e-mail: sign-in links, receipts, reminders and notices.',
        ],
      }),
    );
    return { sentTo: admin.email, delivered: true, error: null };
  } catch (error) {
    return {
      sentTo: admin.email,
      delivered: false,
      error: error instanceof Error ? error.message.slice(0, 300) : String(error),
    };
  }
}
