import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMacroInput, Macro, MacroPreview, UpdateMacroInput } from '#shared/schemas/macro.ts';
import { api } from '../../lib/api.ts';

export const macroKeys = {
  all: ['macros'] as const,
  list: () => [...macroKeys.all, 'list'] as const,
};

/** `GET /api/macros`: the shared macros and the reader's own, by title. */
export const macrosQuery = () =>
  queryOptions({
    queryKey: macroKeys.list(),
    queryFn: ({ signal }) => api.get<Macro[]>('/api/macros', { signal }),
  });

/** `GET /api/tickets/{id}/macros/{macroId}/preview`: the macro written out for this ticket by the server's renderer. */
export const fetchMacroPreview = (ticketId: number, macroId: string) =>
  api.get<MacroPreview>(`/api/tickets/${ticketId}/macros/${encodeURIComponent(macroId)}/preview`);

function useInvalidateMacros() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: macroKeys.all });
}

/** `POST /api/macros`. */
export function useCreateMacroMutation() {
  const invalidate = useInvalidateMacros();
  return useMutation({
    mutationFn: (input: CreateMacroInput) => api.post<Macro>('/api/macros', input),
    onSuccess: invalidate,
  });
}

/** `PATCH /api/macros/{id}`. */
export function useUpdateMacroMutation() {
  const invalidate = useInvalidateMacros();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateMacroInput }) =>
      api.patch<Macro>(`/api/macros/${encodeURIComponent(id)}`, changes),
    onSuccess: invalidate,
  });
}

/** `DELETE /api/macros/{id}`. */
export function useDeleteMacroMutation() {
  const invalidate = useInvalidateMacros();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/macros/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
