import type { Category } from '#shared/schemas/category.ts';

export interface CategoryStats {
  total: number;
  active: number;
  /** displayName of the category with the highest usage count; 'N/A' when none is used. */
  mostUsed: string;
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
    mostUsed: top?.displayName ?? 'N/A',
  };
}

/** Names a screen reader announces for the docs/product.md §9 palette, in its order. */
export const COLOR_NAMES: Record<string, string> = {
  '#ef4444': 'Red',
  '#f97316': 'Orange',
  '#eab308': 'Yellow',
  '#22c55e': 'Green',
  '#06b6d4': 'Cyan',
  '#3b82f6': 'Blue',
  '#6366f1': 'Indigo',
  '#8b5cf6': 'Violet',
  '#ec4899': 'Pink',
  '#6b7280': 'Gray',
};
