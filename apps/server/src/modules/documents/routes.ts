import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { ScheduledJob } from '../../lib/scheduler';

export async function documentRoutes(_app: FastifyInstance, _deps: AppDeps) {}

export function documentJobs(_deps: AppDeps): ScheduledJob[] {
  return [];
}
