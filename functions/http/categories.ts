/**
 * Ticket categories (docs/product.md §2 "Category Management"): every staff member and `tickets:read` API keys list them;
 * only admins create, edit and delete them.
 */
import { randomUUID } from 'node:crypto';
import {
  categoryIdParamsSchema,
  categoryListQuerySchema,
  createCategorySchema,
  updateCategorySchema,
} from '#shared/schemas/category.ts';
import {
  createCategory,
  deleteUnusedCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '../data/categories.ts';
import { assertDeletable, CATEGORY_MESSAGES, CATEGORY_ROLES, categoryEdit, newCategory } from '../domain/categories.ts';
import { NotFoundError } from '../lib/errors.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';
import { DENIED } from '../domain/permissions.ts';

async function existingCategory(id: string) {
  const category = await getCategory(id);
  if (!category) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
  return category;
}

export const handler = httpHandler('categories', {
  'GET /api/categories': defineRoute({
    access: { roles: CATEGORY_ROLES.read },
    query: categoryListQuerySchema,
    async handle({ query }) {
      const categories = await listCategories();
      // `?active=true` is what ticket forms ask for: inactive categories are not offered for new tickets.
      const wanted =
        query.active === undefined ? categories : categories.filter((c) => c.isActive === (query.active === 'true'));
      return { body: wanted };
    },
  }),

  'POST /api/categories': defineRoute({
    access: { roles: CATEGORY_ROLES.manage, deniedMessage: DENIED.categoriesManage },
    body: createCategorySchema,
    async handle({ body }) {
      const category = await createCategory(newCategory(body, randomUUID(), new Date()));
      return { status: 201, body: category };
    },
  }),

  'PATCH /api/categories/{id}': defineRoute({
    access: { roles: CATEGORY_ROLES.manage, deniedMessage: DENIED.categoriesManage },
    params: categoryIdParamsSchema,
    body: updateCategorySchema,
    async handle({ params, body }) {
      const current = await existingCategory(params.id);
      const { changes, movesNameClaim } = categoryEdit(current, body);
      if (Object.keys(changes).length === 0) return { body: current };
      return { body: await updateCategory(current, changes, movesNameClaim) };
    },
  }),

  'DELETE /api/categories/{id}': defineRoute({
    access: { roles: CATEGORY_ROLES.manage, deniedMessage: DENIED.categoriesManage },
    params: categoryIdParamsSchema,
    async handle({ params }) {
      const category = await existingCategory(params.id);
      assertDeletable(category);
      await deleteUnusedCategory(category);
      return { status: 204 };
    },
  }),
});
