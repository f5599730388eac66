/**
 * Macros (docs/product.md, "Macros"): staff list, write, change and delete them, and preview one on a ticket. Staff
 * only: API keys are refused. The use cases live in functions/use-cases/macros/.
 */
import {
  createMacroSchema,
  macroIdParamsSchema,
  macroPreviewParamsSchema,
  updateMacroSchema,
} from '#shared/schemas/macro.ts';
import { MACRO_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { addMacro, editMacro, listMacrosFor, previewMacro, removeMacro } from '../use-cases/macros/manage-macros.ts';

export const handler = groupHandler('macros', {
  'GET /api/macros': defineRoute({
    access: MACRO_ACCESS.use,
    async handle({ caller }) {
      return { body: await listMacrosFor(caller) };
    },
  }),

  'POST /api/macros': defineRoute({
    access: MACRO_ACCESS.use,
    body: createMacroSchema,
    async handle({ body, caller }) {
      return { status: 201, body: await addMacro(caller, body) };
    },
  }),

  'PATCH /api/macros/{id}': defineRoute({
    access: MACRO_ACCESS.use,
    params: macroIdParamsSchema,
    body: updateMacroSchema,
    async handle({ params, body, caller }) {
      return { body: await editMacro(caller, params.id, body) };
    },
  }),

  'DELETE /api/macros/{id}': defineRoute({
    access: MACRO_ACCESS.use,
    params: macroIdParamsSchema,
    async handle({ params, caller }) {
      await removeMacro(caller, params.id);
      return { status: 204 };
    },
  }),

  'GET /api/tickets/{id}/macros/{macroId}/preview': defineRoute({
    access: MACRO_ACCESS.use,
    params: macroPreviewParamsSchema,
    async handle({ params, caller }) {
      return { body: await previewMacro(caller, params.id, params.macroId) };
    },
  }),
});
