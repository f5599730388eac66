import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CreateCategoryInput, UpdateCategoryInput } from '#shared/schemas/category.ts';
import { api } from '../../lib/api.ts';

/** Filters of `GET /api/categories`; `active: true` is what ticket forms offer. */
export interface CategoryFilters {
  active?: boolean;
}

export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (filters: CategoryFilters) => [...categoryKeys.lists(), filters] as const,
};

/** Every category, active or not (Category Management). */
export const allCategoriesQuery = () =>
  queryOptions({
    queryKey: categoryKeys.list({}),
    queryFn: ({ signal }) => api.get<Category[]>('/api/categories', { signal }),
  });

/** Category changes reach every list: this page's and the ticket forms' active ones. */
function useInvalidateCategoryLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
}

/** `POST /api/categories`. */
export function useCreateCategoryMutation() {
  const invalidate = useInvalidateCategoryLists();
  return useMutation({
    mutationFn: (input: CreateCategoryInput) => api.post<Category>('/api/categories', input),
    onSuccess: invalidate,
  });
}

/** `PATCH /api/categories/{id}`. */
export function useUpdateCategoryMutation() {
  const invalidate = useInvalidateCategoryLists();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCategoryInput }) =>
      api.patch<Category>(`/api/categories/${encodeURIComponent(id)}`, changes),
    onSuccess: invalidate,
  });
}

/** `DELETE /api/categories/{id}`; the server refuses a category that tickets use. */
export function useDeleteCategoryMutation() {
  const invalidate = useInvalidateCategoryLists();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/categories/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
