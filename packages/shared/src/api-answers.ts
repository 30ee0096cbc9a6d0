import { z } from 'zod';

/**
 * What a client receives from a route whose answer is `schema`: the JSON side of it. The server hands the schema
 * its output (a Date for a timestamp) and the serializer encodes it, so on the wire a timestamp is ISO text.
 */
export type ApiAnswer<Schema extends z.ZodType> = z.input<Schema>;

/** A moment: a Date in the server, ISO 8601 text (UTC) in JSON. */
export const timestampSchema = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A calendar day, 'YYYY-MM-DD'. */
export const dayAnswerSchema = z.iso.date();

/** `GET /api/health`. */
export const healthAnswerSchema = z.object({ status: z.literal('ok') });

/** GET /api/dev/mailbox (development only): the outbox, newest first. */
export const devMailboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

/**
 * POST /api/dev/clock (development only): moves the app's clock forward (or back to the real time) and runs the
 * scheduled work due then, for the browser tests of time-based rules.
 */
export const devClockRequestSchema = z.strictObject({
  /** Hours to move forward (at most 60 days at once); omitted with `reset`. */
  advanceHours: z
    .number()
    .min(0)
    .max(24 * 60)
    .optional(),
  /** Back to the real time. */
  reset: z.boolean().optional(),
  /** The scheduled jobs to run at the new time (their names); every job when omitted, none when empty. */
  runJobs: z.array(z.string().max(100)).max(50).optional(),
});
export const devClockAnswerSchema = z.object({
  now: z.string(),
  offsetHours: z.number(),
  ran: z.array(z.string()),
});
