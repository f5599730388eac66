/**
 * What the upstream system says about a customer (docs/decisions/096-anti-phishing-code.md): the anti-phishing code
 * that every e-mail to them starts with. Written by API keys with `customers:write` only, never read back by anyone.
 */
import * as z from 'zod';
import { issueText } from '../i18n/messages.ts';
import { characterProblem } from './text.ts';
import { emailSchema } from './user.ts';

export const ANTI_PHISHING_CODE = { min: 4, max: 32 } as const;

/** Letters and digits of any script, spaces, `-` and `_`. */
const CODE_CHARACTERS = /^[\p{L}\p{N} _-]+$/u;

/** Texts of the code's rules, as message codes with their arguments (shared/i18n/messages.ts). */
export const ANTI_PHISHING_MESSAGES = {
  required: issueText('validation.antiPhishingCode.required'),
  length: issueText('validation.antiPhishingCode.length', ANTI_PHISHING_CODE),
  characters: issueText('validation.antiPhishingCode.characters'),
} as const;

/** The code as the customer chose it: trimmed, 4 to 32 letters, digits, spaces, `-` or `_`, no control character. */
export const antiPhishingCodeSchema = z
  .string({ error: ANTI_PHISHING_MESSAGES.required })
  .superRefine((value, ctx) => {
    const code = value.trim();
    if (characterProblem(value)) ctx.addIssue({ code: 'custom', message: ANTI_PHISHING_MESSAGES.characters });
    else if (code.length === 0) ctx.addIssue({ code: 'custom', message: ANTI_PHISHING_MESSAGES.required });
    else if ([...code].length < ANTI_PHISHING_CODE.min || [...code].length > ANTI_PHISHING_CODE.max) {
      ctx.addIssue({ code: 'custom', message: ANTI_PHISHING_MESSAGES.length });
    } else if (!CODE_CHARACTERS.test(code)) {
      ctx.addIssue({ code: 'custom', message: ANTI_PHISHING_MESSAGES.characters });
    }
  })
  .transform((value) => value.trim());

/** `PUT /api/customers/{email}/anti-phishing-code`. */
export const setAntiPhishingCodeSchema = z.object({ code: antiPhishingCodeSchema });
export type SetAntiPhishingCodeInput = z.infer<typeof setAntiPhishingCodeSchema>;

/** The customer in the path: their e-mail address, matched in any case. */
export const customerParamsSchema = z.object({
  email: z.string({ message: issueText('validation.email') }).pipe(emailSchema),
});
