import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { ScheduledJob } from '../../lib/scheduler';

export async function paymentRoutes(_app: FastifyInstance, _deps: AppDeps) {}

export function paymentJobs(_deps: AppDeps): ScheduledJob[] {
  return [];
}
