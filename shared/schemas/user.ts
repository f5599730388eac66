import * as z from 'zod';
import { AVAILABILITY_STATUSES, LANGUAGES, PASSWORD_MIN_LENGTH, ROLES, ROUTING } from '../constants.ts';
import { issueText } from '../i18n/messages.ts';
import { characterProblem, EMAIL_MAX, identifier, INPUT_ISSUES, secretText, text } from './text.ts';

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
  /** At the desk or not (docs/product.md §2 "Availability"); `available` until the person says otherwise. */
  availability: z.enum(AVAILABILITY_STATUSES),
  /**
   * The compliance permission (docs/product.md §6 "Compliance"): granted by an admin on top of the role; it alone
   * opens restricted tickets and reviews held replies. False until granted.
   */
  compliance: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const emailSchema = z
  .string()
  .max(EMAIL_MAX, INPUT_ISSUES.tooLong('field.email', EMAIL_MAX))
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: issueText('validation.email') }));

const passwordRequired = issueText('validation.password.required');

/** Cognito's own ceiling for a password. */
export const PASSWORD_MAX_LENGTH = 256;

/** `POST /api/auth/agent-login`. */
export const loginSchema = z.object({
  email: z.string({ message: issueText('validation.email') }).pipe(emailSchema),
  password: secretText('field.password', PASSWORD_MAX_LENGTH, passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;
const NAME_MAX_LENGTH = 100;

/**
 * A password as Cognito accepts it: the product only rule is the minimum length (docs/product.md §5), but Cognito also
 * refuses leading or trailing whitespace and more than 256 characters, so those are refused here with a clear
 * message instead of failing later at Cognito. The change-password form words the minimum its own way.
 */
export const passwordSchema = (tooShort: 'validation.password.tooShort' | 'validation.password.tooShortNew') => {
  const minMessage = issueText(tooShort, { min: PASSWORD_MIN_LENGTH });
  return z
    .string({ error: minMessage })
    .min(PASSWORD_MIN_LENGTH, minMessage)
    .max(PASSWORD_MAX_LENGTH, issueText('validation.password.tooLong', { max: PASSWORD_MAX_LENGTH }))
    .regex(/^\S(.*\S)?$/s, issueText('validation.password.spaces'))
    .refine((value) => !characterProblem(value), INPUT_ISSUES.badCharacters('field.password'));
};

const personName = (part: 'firstName' | 'lastName') =>
  text({ label: `field.${part}`, max: NAME_MAX_LENGTH, required: issueText(`validation.${part}.required`) });

const roleInput = z.enum(ROLES, { error: issueText('validation.oneOf', { field: 'Role', values: ROLES.join(', ') }) });

/** `POST /api/users` (docs/product.md §5 "Create user"). */
export const createUserSchema = z.object({
  email: z.string({ error: issueText('validation.email') }).pipe(emailSchema),
  firstName: personName('firstName'),
  lastName: personName('lastName'),
  password: passwordSchema('validation.password.tooShort'),
  role: roleInput.default('agent'),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** `PUT /api/users/{id}/password`: an admin sets a new password (the confirmation is checked in the form). */
export const resetPasswordSchema = z.object({ password: passwordSchema('validation.password.tooShort') });

/** `PUT /api/users/{id}/permissions`: the permissions an admin grants on top of a role. */
export const updatePermissionsSchema = z.object({
  compliance: z.boolean({ error: issueText('validation.permissions.compliance') }),
});

/** `PUT /api/users/{id}/role`. */
export const updateRoleSchema = z.object({ role: roleInput });

/** Path parameters of `/api/users/{id}…`. */
export const userIdParamsSchema = z.object({ id: identifier('field.userId') });

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

/** `PUT /api/user/availability` (docs/product.md §2 "Availability"). */
export const availabilityInputSchema = z.object({
  status: z.enum(AVAILABILITY_STATUSES, {
    error: issueText('validation.oneOf', { field: 'Status', values: AVAILABILITY_STATUSES.join(', ') }),
  }),
});

const invalidCap = issueText('validation.routing.maxOpenTickets', { max: ROUTING.maxOpenTicketsLimit });
const unique = <T>(values: T[]) => new Set(values).size === values.length;

/**
 * What routing reads of an agent (docs/decisions/006), `PUT /api/agents/{id}/routing`: the most open or in-progress
 * tickets they hold (null: no cap), and the category ids and customer languages they handle (empty: all).
 */
export const agentRoutingSchema = z.object({
  maxOpenTickets: z
    .number({ error: invalidCap })
    .int(invalidCap)
    .min(1, invalidCap)
    .max(ROUTING.maxOpenTicketsLimit, invalidCap)
    .nullable(),
  categories: z
    .array(identifier('field.categoryId'), { error: issueText('validation.routing.categories') })
    .max(100, issueText('validation.routing.categories'))
    .refine(unique, issueText('validation.routing.categories')),
  languages: z
    .array(z.enum(LANGUAGES, { error: issueText('validation.routing.languages') }), {
      error: issueText('validation.routing.languages'),
    })
    .refine(unique, issueText('validation.routing.languages')),
});
export type AgentRouting = z.infer<typeof agentRoutingSchema>;

/** A staff member and this week's figures (null until any are recorded). */
export const agentSchema = userSchema.extend({ currentWeekPerformance: weekPerformanceSchema.nullable() });
export type Agent = z.infer<typeof agentSchema>;

/**
 * An entry of `GET /api/agents`: a staff member with this week's figures, their routing (docs/decisions/006) and how
 * many open or in-progress tickets they hold now.
 */
export const staffMemberSchema = agentSchema.extend({ routing: agentRoutingSchema, openTickets: z.number().int() });
export type StaffMember = z.infer<typeof staffMemberSchema>;
