import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ROLES } from '../constants.ts';
import { INPUT_MESSAGES, MESSAGES } from '../messages.ts';
import { characterProblem, EMAIL_MAX, identifier, secretText, text } from './text.ts';

export const roleSchema = z.enum(ROLES);

/** A staff member as the API returns them (never a password or token). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const emailSchema = z
  .string()
  .max(EMAIL_MAX, INPUT_MESSAGES.tooLong('Email', EMAIL_MAX))
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: MESSAGES.invalidEmail }));

/** Cognito's own ceiling for a password. */
export const PASSWORD_MAX_LENGTH = 256;

/** `POST /api/auth/agent-login`. */
export const loginSchema = z.object({
  email: z.string({ message: MESSAGES.invalidEmail }).pipe(emailSchema),
  password: secretText('Password', PASSWORD_MAX_LENGTH, MESSAGES.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;
const NAME_MAX_LENGTH = 100;

/**
 * A password as Cognito accepts it: the product only rule is the minimum length (docs/product.md §5), but Cognito also
 * refuses leading or trailing whitespace and more than 256 characters, so those are refused here with a clear
 * message instead of failing later at Cognito.
 */
export const passwordSchema = (minMessage: string = MESSAGES.passwordMin) =>
  z
    .string({ error: minMessage })
    .min(PASSWORD_MIN_LENGTH, minMessage)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .regex(/^\S(.*\S)?$/s, 'Password must not begin or end with a space')
    .refine((value) => !characterProblem(value), INPUT_MESSAGES.badCharacters('Password'));

const personName = (required: string, label: string) => text({ label, max: NAME_MAX_LENGTH, required });

const roleInput = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` });

/** `POST /api/users` (docs/product.md §5 "Create user"). */
export const createUserSchema = z.object({
  email: z.string({ error: MESSAGES.invalidEmail }).pipe(emailSchema),
  firstName: personName(MESSAGES.firstNameRequired, 'First name'),
  lastName: personName(MESSAGES.lastNameRequired, 'Last name'),
  password: passwordSchema(),
  role: roleInput.default('agent'),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** `PUT /api/users/{id}/password`: an admin sets a new password (the confirmation is checked in the form). */
export const resetPasswordSchema = z.object({ password: passwordSchema() });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** `PUT /api/users/{id}/role`. */
export const updateRoleSchema = z.object({ role: roleInput });
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

/** Path parameters of `/api/users/{id}…`. */
export const userIdParamsSchema = z.object({ id: identifier('User id') });

/**
 * This week's figures of one agent (docs/product.md §3 "currentWeekPerformance"), from the agent's weekly aggregate item.
 * Times are minutes; null where nothing was measured yet. The score's formula: docs/performance-score.md.
 */
export const weekPerformanceSchema = z.object({
  /** Monday of the ISO week, YYYY-MM-DD (UTC). */
  weekStarting: z.string(),
  ticketsAssigned: z.number().int(),
  ticketsResolved: z.number().int(),
  averageResponseTime: z.number().nullable(),
  averageResolutionTime: z.number().nullable(),
  /** Mean customer rating (1-5, two decimals) of tickets resolved this week; null when none was rated. */
  customerRating: z.number().nullable(),
  /** 0-100, two decimals. */
  performanceScore: z.number(),
});
export type WeekPerformance = z.infer<typeof weekPerformanceSchema>;

/** An entry of `GET /api/agents`: a staff member and this week's figures (null until any are recorded). */
export const agentSchema = userSchema.extend({ currentWeekPerformance: weekPerformanceSchema.nullable() });
export type Agent = z.infer<typeof agentSchema>;
