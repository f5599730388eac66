/**
 * Ticket categories (docs/product.md §2 "Category Management"): every staff member and `tickets:read` API keys list them;
 * only admins create, edit and delete them. The use cases live in functions/use-cases/categories/.
 */
import * as z from 'zod';
import {
  categoryIdParamsSchema,
  categoryListQuerySchema,
  categorySchema,
  createCategorySchema,
  updateCategorySchema,
} from '#shared/schemas/category.ts';
import { CATEGORY_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import {
  addCategory,
  editCategory,
  listCategoriesFor,
  removeCategory,
} from '../use-cases/categories/manage-categories.ts';

export const handler = groupHandler('categories', {
  'GET /api/categories': defineRoute({
    access: CATEGORY_ACCESS.read,
    query: categoryListQuerySchema,
    doc: {
      operationId: 'listCategories',
      summary: 'List ticket categories',
      description: 'Create tickets with the `name` of an active category.',
      parameters: { active: '`true`: only the categories new tickets may use.' },
      response: { status: 200, description: 'The categories, by name.', schema: z.array(categorySchema) },
    },
    async handle({ query, caller }) {
      const active = query.active === undefined ? undefined : query.active === 'true';
      return { body: await listCategoriesFor(caller, { active }) };
    },
  }),

  'POST /api/categories': defineRoute({
    access: CATEGORY_ACCESS.manage,
    body: createCategorySchema,
    async handle({ body, caller }) {
      return { status: 201, body: await addCategory(caller, body) };
    },
  }),

  'PATCH /api/categories/{id}': defineRoute({
    access: CATEGORY_ACCESS.manage,
    params: categoryIdParamsSchema,
    body: updateCategorySchema,
    async handle({ params, body, caller }) {
      return { body: await editCategory(caller, params.id, body) };
    },
  }),

  'DELETE /api/categories/{id}': defineRoute({
    access: CATEGORY_ACCESS.manage,
    params: categoryIdParamsSchema,
    async handle({ params, caller }) {
      await removeCategory(caller, params.id);
      return { status: 204 };
    },
  }),
});
