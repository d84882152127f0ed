import { z } from 'zod';
import { controlCharactersMessage, MULTILINE_PATTERN } from '../common/text-characters.ts';

/** Issue 44: a fee earner keeps up to 10 timers, one running at a time. */
export const MAX_TIMERS_PER_USER = 10;

export const TIMER_MESSAGES = {
  atCap: `You already have ${MAX_TIMERS_PER_USER} timers: record or discard one before starting another`,
  matterRequired: 'Matter is required',
} as const;

/** One of the signed-in user's timers, as the header's menu lists them. */
export const timerSchema = z.object({
  id: z.string().describe('The timer’s id (a UUID).'),
  matterId: z
    .string()
    .nullable()
    .describe('The matter the time is for; null for a timer started without one (Start Timer) or whose matter is in the recycle bin.'),
  matterName: z.string().nullable().describe('The matter’s name, or null without a matter.'),
  matterNumber: z.string().nullable().describe('The matter’s number (MAT-00001), or null when it has none.'),
  clientId: z.string().nullable().describe('The matter’s client, or null without a matter.'),
  description: z.string().describe('The words its time entry is filled in with (empty when none were given).'),
  seconds: z.number().int().describe('Whole seconds on the timer across all its runs, measured with the database’s clock.'),
  isStarted: z.boolean().describe('True for the one timer that runs; every other timer is paused.'),
  isCurrent: z
    .boolean()
    .describe(
      'True for the timer the header shows and SPEC’s four timer calls act on; at most one. None is current after it was recorded or discarded.',
    ),
});
export type Timer = z.infer<typeof timerSchema>;

export const timerListSchema = z.array(timerSchema).describe('The caller’s timers, oldest first.');

export const timerDescriptionSchema = z
  .string()
  .trim()
  .max(5000, 'Description must be at most 5000 characters')
  .regex(MULTILINE_PATTERN, controlCharactersMessage('Description'));

/** A new timer: always on a matter, since a timer without one is the header's own Start Timer. */
export const addTimerSchema = z.strictObject({
  matterId: z
    .uuid({ error: TIMER_MESSAGES.matterRequired })
    .describe('The matter the time is for (a UUID of the firm’s, not in the recycle bin; 404 otherwise).'),
  description: timerDescriptionSchema.optional().describe('The words its time entry will be filled in with.'),
});
export type AddTimerInput = z.input<typeof addTimerSchema>;

export const timerParamsSchema = z.object({
  id: z.uuid({ error: 'Timer must be a valid id' }).describe('The timer’s id (a UUID); another member’s or firm’s timer is not found.'),
});
