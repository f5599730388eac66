import { Badge, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import type { Macro } from '#shared/schemas/macro.ts';
import { ConfirmDialog } from '../../components/ui/DialogFrames.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { RowActions } from '../../components/ui/RowActions.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useLanguage, useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { LANGUAGE_NAMES } from '../settings/settings-options.ts';
import { MacroFormDialog } from './MacroFormDialog.tsx';
import { macroActionsText, macroLanguages } from './macro-display.ts';
import { macrosQuery, useDeleteMacroMutation } from './queries.ts';

type Target = { action: 'create' | 'edit' | 'delete'; macro?: Macro; open: boolean };

/**
 * Macros (docs/product.md, "Macros"): the shared ones and the reader's own, each with what it changes and how often a
 * reply was sent from it. Everyone writes their own; admins and managers also write and change the shared ones.
 */
export function MacrosPage() {
  const t = useT();
  const user = useCurrentUser();
  const { data: macros } = useSuspenseQuery(macrosQuery());
  const [target, setTarget] = useState<Target>({ action: 'create', open: false });
  const close = () => setTarget((current) => ({ ...current, open: false }));
  const canShare = user?.role === 'admin' || user?.role === 'manager';
  const canManage = (macro: Macro) => (macro.shared ? canShare : macro.ownerId === user?.id);

  return (
    <>
      <PageHeader
        title={t(SECTION_TITLES.macros)}
        description={t('macros.description')}
        actions={
          <Button onClick={() => setTarget({ action: 'create', open: true })}>
            <LuPlus aria-hidden />
            {t('macros.createTitle')}
          </Button>
        }
      />
      <Card.Root>
        <Card.Body>
          <MacrosTable
            macros={macros}
            canManage={canManage}
            onEdit={(macro) => setTarget({ action: 'edit', macro, open: true })}
            onDelete={(macro) => setTarget({ action: 'delete', macro, open: true })}
          />
        </Card.Body>
      </Card.Root>
      <MacroFormDialog
        macro={target.action === 'edit' ? target.macro : undefined}
        open={target.open && target.action !== 'delete'}
        onClose={close}
        canShare={canShare}
      />
      <DeleteMacroDialog
        macro={target.action === 'delete' ? target.macro : undefined}
        open={target.open && target.action === 'delete'}
        onClose={close}
      />
    </>
  );
}

interface MacrosTableProps {
  macros: readonly Macro[];
  canManage: (macro: Macro) => boolean;
  onEdit: (macro: Macro) => void;
  onDelete: (macro: Macro) => void;
}

function MacrosTable({ macros, canManage, onEdit, onDelete }: MacrosTableProps) {
  const t = useT();
  const language = useLanguage();
  const format = useFormat();
  if (macros.length === 0) {
    return (
      <Stack align="center" py="10" gap="1" textAlign="center">
        <Text fontWeight="medium">{t('macros.noneYet')}</Text>
        <Text color="fg.muted" fontSize="sm">
          {t('macros.emptyHint')}
        </Text>
      </Stack>
    );
  }
  return (
    // Focusable, so that a keyboard can scroll the table when it is wider than the screen.
    <Table.ScrollArea tabIndex={0} role="region" aria-label={t('macros.listLabel')}>
      <Table.Root size="sm" minW="2xl">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('macros.title')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('macros.languages')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('macros.actionsHeading')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('macros.uses')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('ticketTable.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {macros.map((macro) => {
            const actions = macroActionsText(macro.actions, t, language);
            return (
              <Table.Row key={macro.id}>
                <Table.Cell>
                  <Stack gap="0.5">
                    <Text fontWeight="medium">{macro.title}</Text>
                    <HStack gap="2">
                      <Badge size="sm" variant="subtle" colorPalette={macro.shared ? 'blue' : 'gray'}>
                        {macro.shared ? t('macros.shared') : t('macros.own')}
                      </Badge>
                      {macro.shared && (
                        <Text fontSize="xs" color="fg.muted">
                          {t('macros.by', { name: macro.ownerName })}
                        </Text>
                      )}
                    </HStack>
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  <Text fontSize="sm">
                    {macroLanguages(macro)
                      .map((l) => LANGUAGE_NAMES[l])
                      .join(', ')}
                  </Text>
                </Table.Cell>
                <Table.Cell maxW="xs">
                  <Text fontSize="sm" color={actions ? undefined : 'fg.muted'} lineClamp={2}>
                    {actions || t('macros.noActions')}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {format.number(macro.usageCount)}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {canManage(macro) ? (
                    <RowActions
                      editLabel={t('macros.edit', { title: macro.title })}
                      deleteLabel={t('macros.delete', { title: macro.title })}
                      onEdit={() => onEdit(macro)}
                      onDelete={() => onDelete(macro)}
                    />
                  ) : (
                    <Text as="span" fontSize="xs" color="fg.muted">
                      {t('macros.managedByManagers')}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function DeleteMacroDialog({ macro, open, onClose }: { macro: Macro | undefined; open: boolean; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteMacroMutation();
  const confirm = async () => {
    if (!macro) return;
    try {
      await remove.mutateAsync(macro.id);
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', refusalMessage(error, translate) ?? translate('macros.deleteFailed'));
      onClose();
      return;
    }
    notify('success', translate('macros.deleted'));
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={macro ? t('macros.delete', { title: macro.title }) : t('macros.deleteTitle')}
      message={macro?.shared ? t('macros.deleteSharedConfirm') : t('macros.deleteConfirm')}
      confirmLabel={t('macros.deleteSubmit')}
      pendingLabel={t('macros.deleting')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
