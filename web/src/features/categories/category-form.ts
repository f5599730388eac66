import * as z from 'zod';
import { displayNameFromName } from '#shared/format.ts';
import { createCategorySchema } from '#shared/schemas/category.ts';

/** The create/edit form: the create fields plus the active flag, which only the edit form shows. */
export const categoryFormSchema = createCategorySchema.extend({ isActive: z.boolean() });
export type CategoryFormInput = z.input<typeof categoryFormSchema>;

/**
 * The display name after the name changes from `previousName` to `name` (docs/product.md §2): it follows the name while
 * it is empty or still what the previous name derived; once someone typed their own, it is left alone.
 */
export function followNameChange(previousName: string, name: string, displayName: string): string {
  const stillDerived = displayName.trim() === '' || displayName === displayNameFromName(previousName);
  return stillDerived ? displayNameFromName(name) : displayName;
}
