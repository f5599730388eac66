/**
 * Rules of category management: what a new category looks like, what a patch changes, and when a category may
 * be deleted. No AWS here; functions/use-cases/categories/ applies them and functions/data/categories.ts makes the
 * uniqueness and "unused" checks race-free.
 */
import type { Category, CreateCategoryInput, UpdateCategoryInput } from '#shared/schemas/category.ts';
import { ConflictError } from '../lib/errors.ts';

/** Why a used category cannot be deleted, with the way out (deactivating keeps its tickets' history intact). */
export const categoryInUse = (usageCount: number): ConflictError =>
  new ConflictError({ code: 'error.category.inUse', params: { count: usageCount } });

/** Names are unique without regard to case: "KYC" and "kyc" would be the same category to a reader. */
export const nameKey = (name: string): string => name.toLowerCase();

/** A new, active, unused category from validated input. */
/** A create's fields; without `restricted` the category is not restricted. */
export type NewCategoryInput = Omit<CreateCategoryInput, 'restricted'> & { restricted?: boolean };

export function newCategory(input: NewCategoryInput, id: string, now: Date): Category {
  const at = now.toISOString();
  return {
    id,
    name: input.name,
    displayName: input.displayName,
    description: input.description,
    color: input.color,
    isActive: true,
    restricted: input.restricted ?? false,
    usageCount: 0,
    createdAt: at,
    updatedAt: at,
  };
}

type EditableField = 'name' | 'displayName' | 'description' | 'color' | 'isActive' | 'restricted';
export type CategoryChanges = Partial<Pick<Category, EditableField>>;

export interface CategoryEdit {
  /** Only the fields whose value actually changes. */
  changes: CategoryChanges;
  /** The name's uniqueness claim must move to a new key (a rename other than a change of case). */
  movesNameClaim: boolean;
}

/** What a PATCH changes on a category; fields sent with their current value are no change at all. */
export function categoryEdit(current: Category, patch: UpdateCategoryInput): CategoryEdit {
  const changes: CategoryChanges = {};
  const fields: EditableField[] = ['name', 'displayName', 'description', 'color', 'isActive', 'restricted'];
  for (const field of fields) {
    const value = patch[field];
    if (value !== undefined && value !== current[field]) Object.assign(changes, { [field]: value });
  }
  const movesNameClaim = changes.name !== undefined && nameKey(changes.name) !== nameKey(current.name);
  return { changes, movesNameClaim };
}

/** A category that tickets use is kept: deleting it would orphan their category link. */
export function assertDeletable(category: Pick<Category, 'usageCount'>): void {
  if (category.usageCount > 0) throw categoryInUse(category.usageCount);
}
