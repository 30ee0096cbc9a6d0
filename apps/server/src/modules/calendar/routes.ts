import {
  adminCalendarQuerySchema,
  adminCalendarSchema,
  adminFeedCreatedSchema,
  adminFeedSchema,
  attendanceInputSchema,
  consultationBookingSchema,
  consultationSlotSchema,
  consultationSlotsInputSchema,
  feedTokenParams,
  groupEventInputSchema,
  groupEventSchema,
  moveBookingInputSchema,
  trainerCalendarSchema,
  trainingSessionDetailSchema,
  trainingSessionInputSchema,
  trainingSessionSchema,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentAdmin, currentUser, isAdmin } from '../auth/access';
import { bookSlot, cancelBooking, moveBooking, publishSlots, withdrawSlot } from './consultations';
import {
  adminCalendar,
  adminFeed,
  bookingOwner,
  createGroupEvent,
  feedState,
  removeGroupEvent,
  renewFeed,
  revokeFeed,
  trainerCalendar,
} from './service';
import {
  cancelSession,
  createSession,
  leaveSession,
  markAttendance,
  registerForSession,
  sessionDetail,
  updateSession,
} from './sessions';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const attendanceParams = idParams.extend({
  trainerId: z.coerce.number().int().positive().max(2_147_483_647),
});
const removedSchema = z.object({ removed: z.literal(true) });
const CALENDAR_FILE = {
  200: { content: { 'text/calendar': { schema: z.string().describe('An iCalendar file (RFC 5545)') } } },
};

/** The signed-in trainer, as the one who registers or books (an admin acts on the calendar, not as a trainer). */
function ownTrainer(request: FastifyRequest) {
  const user = currentUser(request);
  if (!user.trainerId) throw forbidden('Only trainers register for sessions and book consultations.');
  return { id: user.trainerId, name: user.name, email: user.email };
}

export async function calendarRoutes(app: FastifyInstance, deps: AppDeps) {
  registerAdminCalendarRoutes(app, deps);
  registerAdminFeedRoutes(app, deps);
  registerTrainerCalendarRoutes(app, deps);
  registerBookingRoutes(app, deps);
}

/** The admin Calendar: everything in a range; sessions, attendance, slots and group events. */
function registerAdminCalendarRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get(
    '/api/admin/calendar',
    {
      schema: { querystring: adminCalendarQuerySchema, response: { 200: adminCalendarSchema } },
      config: admin,
    },
    async (request) => {
      const { from, to } = request.query;
      if (from && to) return adminCalendar(deps, from, to);
      const today = deps.clock.now().toISOString().slice(0, 10);
      const month = today.slice(0, 7);
      const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
      return adminCalendar(deps, `${month}-01`, last.toISOString().slice(0, 10));
    },
  );
  r.post(
    '/api/admin/calendar/sessions',
    {
      schema: { body: trainingSessionInputSchema, response: { 201: trainingSessionDetailSchema } },
      config: admin,
    },
    async (request, reply) =>
      reply.status(201).send(await createSession(deps, currentAdmin(request).id, request.body)),
  );
  r.get(
    '/api/admin/calendar/sessions/:id',
    { schema: { params: idParams, response: { 200: trainingSessionDetailSchema } }, config: admin },
    async (request) => sessionDetail(deps, request.params.id),
  );
  r.put(
    '/api/admin/calendar/sessions/:id',
    {
      schema: {
        params: idParams,
        body: trainingSessionInputSchema,
        response: { 200: trainingSessionDetailSchema },
      },
      config: admin,
    },
    async (request) => updateSession(deps, request.params.id, request.body),
  );
  r.post(
    '/api/admin/calendar/sessions/:id/cancel',
    { schema: { params: idParams, response: { 200: trainingSessionDetailSchema } }, config: admin },
    async (request) => cancelSession(deps, request.params.id),
  );
  r.put(
    '/api/admin/calendar/sessions/:id/attendance/:trainerId',
    {
      schema: {
        params: attendanceParams,
        body: attendanceInputSchema,
        response: { 200: trainingSessionDetailSchema },
      },
      config: admin,
    },
    async (request) =>
      markAttendance(
        deps,
        request.params.id,
        request.params.trainerId,
        request.body.attended,
        currentAdmin(request).id,
      ),
  );
  r.post(
    '/api/admin/calendar/slots',
    {
      schema: { body: consultationSlotsInputSchema, response: { 201: z.array(consultationSlotSchema) } },
      config: admin,
    },
    async (request, reply) =>
      reply.status(201).send(await publishSlots(deps, currentAdmin(request).id, request.body)),
  );
  r.delete(
    '/api/admin/calendar/slots/:id',
    { schema: { params: idParams, response: { 200: removedSchema } }, config: admin },
    async (request) => {
      await withdrawSlot(deps, request.params.id);
      return { removed: true as const };
    },
  );
  r.post(
    '/api/admin/calendar/events',
    { schema: { body: groupEventInputSchema, response: { 201: groupEventSchema } }, config: admin },
    async (request, reply) =>
      reply.status(201).send(await createGroupEvent(deps, currentAdmin(request).id, request.body)),
  );
  r.delete(
    '/api/admin/calendar/events/:id',
    { schema: { params: idParams, response: { 200: removedSchema } }, config: admin },
    async (request) => {
      await removeGroupEvent(deps, request.params.id);
      return { removed: true as const };
    },
  );
}

/** Each admin's private iCalendar feed: made, replaced and revoked by its admin; read by its secret address. */
function registerAdminFeedRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get(
    '/api/admin/calendar/feed',
    { schema: { response: { 200: adminFeedSchema } }, config: admin },
    async (request) => feedState(deps, currentAdmin(request).id),
  );
  r.post(
    '/api/admin/calendar/feed',
    { schema: { response: { 201: adminFeedCreatedSchema } }, config: admin },
    async (request, reply) => reply.status(201).send(await renewFeed(deps, currentAdmin(request).id)),
  );
  r.delete(
    '/api/admin/calendar/feed',
    { schema: { response: { 200: adminFeedSchema } }, config: admin },
    async (request) => revokeFeed(deps, currentAdmin(request).id),
  );
  // Public by design: calendar apps fetch it without a session; the 256-bit token in the address is the key.
  r.get(
    '/api/calendar/admin/:token.ics',
    { schema: { params: feedTokenParams, response: CALENDAR_FILE }, config: { access: 'public' } },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .send(await adminFeed(deps, request.params.token)),
  );
}

/** The trainer's side: what can be booked, registering for a session, booking a slot. */
function registerTrainerCalendarRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: 'signed-in' as const };

  r.get(
    '/api/trainer-calendar',
    { schema: { response: { 200: trainerCalendarSchema } }, config: signedIn },
    async (request) => trainerCalendar(deps, ownTrainer(request).id),
  );
  r.post(
    '/api/calendar/sessions/:id/registration',
    { schema: { params: idParams, response: { 201: trainingSessionSchema } }, config: signedIn },
    async (request, reply) =>
      reply.status(201).send(await registerForSession(deps, request.params.id, ownTrainer(request))),
  );
  r.delete(
    '/api/calendar/sessions/:id/registration',
    { schema: { params: idParams, response: { 200: trainingSessionSchema } }, config: signedIn },
    async (request) => leaveSession(deps, request.params.id, ownTrainer(request)),
  );
  r.post(
    '/api/calendar/slots/:id/booking',
    { schema: { params: idParams, response: { 201: consultationBookingSchema } }, config: signedIn },
    async (request, reply) =>
      reply.status(201).send(await bookSlot(deps, request.params.id, ownTrainer(request))),
  );
}

/** A booking is moved or cancelled by its trainer or by an admin; anyone else is refused. */
function registerBookingRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = async (request: FastifyRequest, bookingId: number) => {
    const user = currentUser(request);
    assertCanReachTrainer(request, await bookingOwner(deps, bookingId));
    return isAdmin(user) ? `${user.name} (Soul Punch)` : user.name;
  };

  r.post(
    '/api/calendar/bookings/:id/move',
    {
      schema: {
        params: idParams,
        body: moveBookingInputSchema,
        response: { 200: consultationBookingSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) =>
      moveBooking(deps, request.params.id, request.body.slotId, await actor(request, request.params.id)),
  );
  r.post(
    '/api/calendar/bookings/:id/cancel',
    {
      schema: { params: idParams, response: { 200: consultationBookingSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => cancelBooking(deps, request.params.id, await actor(request, request.params.id)),
  );
}
