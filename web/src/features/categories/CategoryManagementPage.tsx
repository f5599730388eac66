import { Badge, Box, Button, Card, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuCircleCheck, LuPlus, LuTags, LuTrendingUp } from 'react-icons/lu';
import type { Category } from '#shared/schemas/category.ts';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES, canOpen } from '../../lib/sections.ts';
import { ConfirmDialog } from '../../components/ui/DialogFrames.tsx';
import { RowActions } from '../../components/ui/RowActions.tsx';
import { StatCard } from '../../components/ui/StatCard.tsx';
import { refusalMessage } from '../../lib/server-message.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { CategoryFormDialog } from './CategoryFormDialog.tsx';
import { categoryStats } from './category-stats.ts';
import { allCategoriesQuery, useDeleteCategoryMutation } from './queries.ts';

/** Category management, admin only (docs/product.md §2); anyone else is refused and sent home. */
export function CategoryManagementPage() {
  const t = useT();
  const user = useCurrentUser();
  if (!user || !canOpen(user.role, 'categories')) return <AccessDenied message={t('accessDenied.categories')} />;
  return <CategoryManagement />;
}

type Target = { action: 'create' | 'edit' | 'delete'; category?: Category; open: boolean };

function CategoryManagement() {
  const t = useT();
  const { data: categories } = useSuspenseQuery(allCategoriesQuery());
  // The category stays set while a dialog closes, so its text does not vanish during the closing animation.
  const [target, setTarget] = useState<Target>({ action: 'create', open: false });
  const close = () => setTarget((current) => ({ ...current, open: false }));
  const formOpen = target.open && target.action !== 'delete';

  return (
    <>
      <PageHeader
        title={t(SECTION_TITLES.categories)}
        description={t('categories.description')}
        actions={
          <Button onClick={() => setTarget({ action: 'create', open: true })}>
            <LuPlus aria-hidden />
            {t('categoryForm.createTitle')}
          </Button>
        }
      />

      <Stack gap="6">
        <CategoryStatCards categories={categories} />

        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">{t('categories.all')}</Card.Title>
          </Card.Header>
          <Card.Body>
            <CategoriesTable
              categories={categories}
              onEdit={(category) => setTarget({ action: 'edit', category, open: true })}
              onDelete={(category) => setTarget({ action: 'delete', category, open: true })}
            />
          </Card.Body>
        </Card.Root>
      </Stack>

      <CategoryFormDialog
        category={target.action === 'edit' ? target.category : undefined}
        open={formOpen}
        onClose={close}
      />
      <DeleteCategoryDialog
        category={target.action === 'delete' ? target.category : undefined}
        open={target.open && target.action === 'delete'}
        onClose={close}
      />
    </>
  );
}

function CategoryStatCards({ categories }: { categories: Category[] }) {
  const t = useT();
  const format = useFormat();
  const stats = categoryStats(categories);
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
      <StatCard label={t('categories.total')} value={format.number(stats.total)} icon={LuTags} />
      <StatCard label={t('categories.active')} value={format.number(stats.active)} icon={LuCircleCheck} />
      <StatCard
        label={t('categories.mostUsed')}
        value={stats.mostUsed ?? t('common.notAvailable')}
        icon={LuTrendingUp}
      />
    </SimpleGrid>
  );
}

interface CategoriesTableProps {
  categories: readonly Category[];
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
}

function CategoriesTable({ categories, onEdit, onDelete }: CategoriesTableProps) {
  const t = useT();
  if (categories.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="10">
        {t('categories.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" minW="2xl">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('ticketForm.category')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('ticketForm.description')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('categories.usage')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('ticketTable.status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('ticketTable.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {categories.map((category) => (
            <Table.Row key={category.id}>
              <Table.Cell>
                <HStack gap="3">
                  <Box boxSize="3" rounded="full" bg={category.color} flexShrink={0} aria-hidden />
                  <Stack gap="0">
                    <Text fontWeight="medium">{category.displayName}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {category.name}
                    </Text>
                  </Stack>
                </HStack>
              </Table.Cell>
              <Table.Cell maxW="xs">
                <Text lineClamp={2} color={category.description ? undefined : 'fg.muted'}>
                  {category.description || t('categories.noDescription')}
                </Text>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{t('categories.ticketCount', { count: category.usageCount })}</Table.Cell>
              <Table.Cell>
                <HStack gap="1" wrap="wrap">
                  <Badge colorPalette={category.isActive ? 'green' : 'gray'} variant="outline">
                    {category.isActive ? t('common.active') : t('common.inactive')}
                  </Badge>
                  {category.restricted && (
                    <Badge colorPalette="purple" variant="subtle">
                      {t('categories.restrictedBadge')}
                    </Badge>
                  )}
                </HStack>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                <RowActions
                  editLabel={t('categories.edit', { name: category.displayName })}
                  deleteLabel={t('categories.delete', { name: category.displayName })}
                  onEdit={() => onEdit(category)}
                  onDelete={() => onDelete(category)}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

interface DeleteCategoryDialogProps {
  category: Category | undefined;
  open: boolean;
  onClose: () => void;
}

/** Deletes after confirmation; a category in use is refused by the server, whose message says what to do. */
function DeleteCategoryDialog({ category, open, onClose }: DeleteCategoryDialogProps) {
  const t = useT();
  const remove = useDeleteCategoryMutation();
  const confirm = async () => {
    if (!category) return;
    try {
      await remove.mutateAsync(category.id);
    } catch (error) {
      if (!isUnauthorized(error))
        notify('error', refusalMessage(error, translate) ?? translate('categories.deleteFailed'));
      onClose();
      return;
    }
    notify('success', translate('categories.deleted'));
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={category ? t('categories.delete', { name: category.displayName }) : t('categories.deleteTitle')}
      message={t('categories.deleteConfirm')}
      confirmLabel={t('categories.deleteSubmit')}
      pendingLabel={t('categories.deleting')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
