/**
 * Ticket categories (docs/product.md §2 "Category Management"): every staff member and `tickets:read` API keys list
 * them; only admins create, edit and delete them.
 */
import { randomUUID } from 'node:crypto';
import type { Category, UpdateCategoryInput } from '#shared/schemas/category.ts';
import {
  createCategory,
  deleteUnusedCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '../../data/categories.ts';
import { DEFAULT_RETRY, StaleReadError, withRetries } from '../../data/transactions.ts';
import type { Caller } from '../../domain/caller.ts';
import {
  assertDeletable,
  categoryEdit,
  categoryInUse,
  type NewCategoryInput,
  newCategory,
} from '../../domain/categories.ts';
import { assertAccess, CATEGORY_ACCESS } from '../../domain/permissions.ts';
import { auditEntryItem } from '../../data/audit.ts';
import { auditActorOf, clientAddressOf, describeChanges } from '../../domain/audit.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';

const changedMeanwhile = () => new ConflictError('error.category.changedMeanwhile');

async function existingCategory(id: string): Promise<Category> {
  const category = await getCategory(id);
  if (!category) throw new NotFoundError('error.category.notFound');
  return category;
}

/**
 * listCategoriesFor: every category ordered by name, or only the active (or inactive) ones: ticket forms ask for the
 * active ones, since inactive categories are not offered for new tickets.
 */
export async function listCategoriesFor(caller: Caller, filter: { active?: boolean } = {}): Promise<Category[]> {
  assertAccess(caller, CATEGORY_ACCESS.read);
  const categories = await listCategories();
  return filter.active === undefined ? categories : categories.filter((c) => c.isActive === filter.active);
}

/** addCategory: admins only; a new active category under a name no other category has (409 otherwise). */
export async function addCategory(caller: Caller, input: NewCategoryInput, now = new Date()): Promise<Category> {
  assertAccess(caller, CATEGORY_ACCESS.manage);
  const category = newCategory(input, randomUUID(), now);
  // Nothing was read: a transaction that met another (the same name claimed at once) is written again, and then
  // finds the name taken.
  const audit = categoryAudit(caller, 'category_created', category, `name: ${category.name}`, now);
  return withRetries({ ...DEFAULT_RETRY, exhausted: changedMeanwhile }, () => createCategory(category, [audit]));
}

/**
 * editCategory: admins only; writes only the fields that change, over the name it was read with. A category changed
 * (or deleted) by someone else meanwhile is not edited blindly: the admin is told, with 409 (or 404).
 */
export async function editCategory(
  caller: Caller,
  id: string,
  patch: UpdateCategoryInput,
  now = new Date(),
): Promise<Category> {
  assertAccess(caller, CATEGORY_ACCESS.manage);
  const current = await existingCategory(id);
  const { changes, movesNameClaim } = categoryEdit(current, patch);
  if (Object.keys(changes).length === 0) return current;
  const details = describeChanges(
    Object.fromEntries(
      Object.entries(changes).map(([field, value]) => [field, [current[field as keyof Category], value]]),
    ),
  );
  try {
    return await updateCategory(current, changes, movesNameClaim, now, [
      categoryAudit(caller, 'category_updated', current, details, now),
    ]);
  } catch (error) {
    if (!(error instanceof StaleReadError)) throw error;
    await existingCategory(id);
    throw changedMeanwhile();
  }
}

/** removeCategory: admins only; only a category no ticket uses (deactivating is the way out for a used one). */
export async function removeCategory(caller: Caller, id: string, at = new Date()): Promise<void> {
  assertAccess(caller, CATEGORY_ACCESS.manage);
  const category = await existingCategory(id);
  assertDeletable(category);
  try {
    await deleteUnusedCategory(category, [categoryAudit(caller, 'category_deleted', category, null, at)]);
  } catch (error) {
    if (!(error instanceof StaleReadError)) throw error;
    // Something changed since the read: say why from the state as it is now.
    const now = await existingCategory(id);
    if (now.usageCount > 0) throw categoryInUse(now.usageCount);
    throw changedMeanwhile();
  }
}

/** The audit entry of an administrative change to a category, written with the change. */
function categoryAudit(
  caller: Caller,
  action: 'category_created' | 'category_updated' | 'category_deleted',
  category: Category,
  details: string | null,
  at: Date,
) {
  return auditEntryItem({
    action,
    actor: auditActorOf(caller),
    target: { type: 'category', id: category.id, name: category.displayName },
    details,
    clientAddress: clientAddressOf(caller),
    at,
  });
}
