import * as z from 'zod';
import { CATEGORY_DISPLAY_NAME_MAX, CATEGORY_NAME_MAX, DEFAULT_CATEGORY_COLOR } from '../constants.ts';
import { issueText } from '../i18n/messages.ts';
import { identifier, text } from './text.ts';

/** A ticket category as the API returns it. `usageCount` is kept exact by the ticket transactions. */
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  isActive: z.boolean(),
  /**
   * Tickets filed in it or moved into it become restricted compliance cases (docs/product.md §6 "Compliance"). False
   * for categories stored before the flag.
   */
  restricted: z.boolean(),
  usageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const nameInput = text({
  label: 'field.name',
  max: CATEGORY_NAME_MAX,
  required: issueText('validation.name.required'),
  tooLong: issueText('validation.name.tooLong'),
});

const displayNameInput = text({
  label: 'field.displayName',
  max: CATEGORY_DISPLAY_NAME_MAX,
  required: issueText('validation.displayName.required'),
  tooLong: issueText('validation.displayName.tooLong'),
});

/** Optional free text; blank means "no description", stored as null. */
const descriptionInput = text({ label: 'field.description', max: 1000, multiline: true })
  .nullish()
  .transform((value) => value || null);

const invalidColor = issueText('validation.color.invalid');
const colorInput = z.string({ error: invalidColor }).regex(/^#[0-9a-fA-F]{6}$/, invalidColor);

/** `POST /api/categories` (docs/product.md §5 "Create category"). */
export const createCategorySchema = z.object({
  name: nameInput,
  displayName: displayNameInput,
  description: descriptionInput,
  color: colorInput.default(DEFAULT_CATEGORY_COLOR),
  restricted: z.boolean({ error: issueText('validation.boolean', { field: 'restricted' }) }).default(false),
});
export type CreateCategoryInput = z.infer<typeof createCategorySchema>;

/** `PATCH /api/categories/{id}`: the same fields, all optional, plus the active flag. */
export const updateCategorySchema = z.object({
  name: nameInput.optional(),
  displayName: displayNameInput.optional(),
  description: descriptionInput.optional(),
  color: colorInput.optional(),
  isActive: z.boolean({ error: issueText('validation.boolean', { field: 'isActive' }) }).optional(),
  restricted: z.boolean({ error: issueText('validation.boolean', { field: 'restricted' }) }).optional(),
});
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;

/** `GET /api/categories?active=true` lists only what ticket forms may offer. */
export const categoryListQuerySchema = z.object({
  active: z.enum(['true', 'false'], { error: issueText('validation.boolean', { field: 'active' }) }).optional(),
});

/** Path parameters of `/api/categories/{id}`. */
export const categoryIdParamsSchema = z.object({ id: identifier('field.categoryId') });
