import { z } from 'zod';
import { MESSAGES } from '#shared/messages.ts';

/** Staff login form rules (SPEC.md §5). */
export const loginSchema = z.object({
  email: z.email(MESSAGES.invalidEmail),
  password: z.string().min(1, MESSAGES.passwordRequired),
});

export type LoginValues = z.infer<typeof loginSchema>;
