import { z } from 'zod';
import { CATEGORY_DISPLAY_NAME_MAX, CATEGORY_NAME_MAX, DEFAULT_CATEGORY_COLOR } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { identifier, text } from './text.ts';

/** A ticket category as the API returns it. `usageCount` is kept exact by the ticket transactions. */
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  isActive: z.boolean(),
  usageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const nameInput = text({
  label: 'Name',
  max: CATEGORY_NAME_MAX,
  required: MESSAGES.nameRequired,
  tooLong: MESSAGES.nameTooLong,
});

const displayNameInput = text({
  label: 'Display name',
  max: CATEGORY_DISPLAY_NAME_MAX,
  required: MESSAGES.displayNameRequired,
  tooLong: MESSAGES.displayNameTooLong,
});

/** Optional free text; blank means "no description", stored as null. */
const descriptionInput = text({ label: 'Description', max: 1000, multiline: true })
  .nullish()
  .transform((value) => value || null);

const colorInput = z.string({ error: MESSAGES.invalidColor }).regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.invalidColor);

/** `POST /api/categories` (docs/product.md §5 "Create category"). */
export const createCategorySchema = z.object({
  name: nameInput,
  displayName: displayNameInput,
  description: descriptionInput,
  color: colorInput.default(DEFAULT_CATEGORY_COLOR),
});
export type CreateCategoryInput = z.infer<typeof createCategorySchema>;

/** `PATCH /api/categories/{id}`: the same fields, all optional, plus the active flag. */
export const updateCategorySchema = z.object({
  name: nameInput.optional(),
  displayName: displayNameInput.optional(),
  description: descriptionInput.optional(),
  color: colorInput.optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;

/** `GET /api/categories?active=true` lists only what ticket forms may offer. */
export const categoryListQuerySchema = z.object({
  active: z.enum(['true', 'false'], { error: 'active must be true or false' }).optional(),
});

/** Path parameters of `/api/categories/{id}`. */
export const categoryIdParamsSchema = z.object({ id: identifier('Category id') });
