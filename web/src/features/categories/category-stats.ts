import type { MessageKey } from '#shared/i18n/messages.ts';
import type { Category } from '#shared/schemas/category.ts';

export interface CategoryStats {
  total: number;
  active: number;
  /** displayName of the category with the highest usage count; null when none is used (shown 'N/A'). */
  mostUsed: string | null;
}

/** The Category Management cards (docs/product.md §2). Ties go to the category listed first. */
export function categoryStats(categories: readonly Category[]): CategoryStats {
  let top: Category | undefined;
  for (const category of categories) {
    if (category.usageCount > 0 && (!top || category.usageCount > top.usageCount)) top = category;
  }
  return {
    total: categories.length,
    active: categories.filter((category) => category.isActive).length,
    mostUsed: top?.displayName ?? null,
  };
}

/** Names a screen reader announces for the docs/product.md §9 palette, in its order. */
export const COLOR_NAMES: Record<string, MessageKey> = {
  '#ef4444': 'color.red',
  '#f97316': 'color.orange',
  '#eab308': 'color.yellow',
  '#22c55e': 'color.green',
  '#06b6d4': 'color.cyan',
  '#3b82f6': 'color.blue',
  '#6366f1': 'color.indigo',
  '#8b5cf6': 'color.violet',
  '#ec4899': 'color.pink',
  '#6b7280': 'color.gray',
};
