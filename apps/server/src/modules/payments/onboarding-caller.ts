import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { forbidden, unauthenticated } from '../../lib/app-error';
import { isAdmin } from '../auth/access';
import { ENROLMENT_COOKIE, enrolmentFromCookie } from './service';

/**
 * Who may confirm a payment or trigger onboarding for a trainer: an admin, the trainer signed in, or the browser
 * holding that trainer's paid enrolment cookie (before the account exists).
 */
export async function assertOnboardingCaller(deps: AppDeps, request: FastifyRequest, trainerId: number) {
  if (isAdmin(request.user) || (request.user && request.user.trainerId === trainerId)) return;
  const cookie = request.cookies[ENROLMENT_COOKIE];
  if (!request.user && !cookie) throw unauthenticated();
  if (cookie) {
    const enrolment = await enrolmentFromCookie(deps, cookie).catch(() => null);
    if (enrolment?.status === 'paid' && enrolment.trainerId === trainerId) return;
  }
  throw forbidden();
}
