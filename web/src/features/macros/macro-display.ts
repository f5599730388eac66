/** How the screens write a macro's parts: what it changes, and which languages it speaks. */
import { LANGUAGES, type Language } from '#shared/constants.ts';
import type { Macro, MacroActions } from '#shared/schemas/macro.ts';
import { formatList } from '../../i18n/format.ts';
import type { Translate } from '../../i18n/react.tsx';
import { priorityLabel, statusLabel } from '../../lib/ticket-display.ts';

/** "Status: Resolved, Priority: Low": each change the macro makes when a reply is sent; empty when it changes nothing. */
export function macroActionsText(actions: MacroActions, t: Translate, language: Language): string {
  const parts: string[] = [];
  if (actions.status)
    parts.push(t('history.set', { field: t('history.field.status'), to: statusLabel(actions.status, t) }));
  if (actions.priority) {
    parts.push(t('history.set', { field: t('history.field.priority'), to: priorityLabel(actions.priority, t) }));
  }
  if (actions.category) parts.push(t('history.set', { field: t('history.field.category'), to: actions.category }));
  if (actions.waitingOnCustomer !== undefined) {
    parts.push(actions.waitingOnCustomer ? t('macros.action.startWaiting') : t('macros.action.stopWaiting'));
  }
  return formatList(parts, language);
}

/** The languages a macro is written in, English first. */
export const macroLanguages = (macro: Pick<Macro, 'body'>): Language[] =>
  LANGUAGES.filter((language) => Boolean(macro.body[language]));

/** The macros whose title holds every word of `query`, in any case (all of them for a blank query). */
export function matchingMacros<M extends Pick<Macro, 'title'>>(macros: readonly M[], query: string): M[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return macros.filter((macro) => {
    const title = macro.title.toLocaleLowerCase();
    return words.every((word) => title.includes(word));
  });
}
