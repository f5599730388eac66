import { Badge, Box, Button, HStack, Input, Popover, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import { LuZap } from 'react-icons/lu';
import type { Macro } from '#shared/schemas/macro.ts';
import { useLanguage, useT } from '../../i18n/react.tsx';
import { errorText } from '../../lib/server-message.ts';
import { macroActionsText, matchingMacros } from './macro-display.ts';
import { macrosQuery } from './queries.ts';

interface MacroPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (macro: Macro) => void;
  /** Where focus goes back to when the list closes: the composer's text. */
  returnFocusTo: RefObject<HTMLElement | null>;
  disabled?: boolean;
}

/**
 * The composer's list of macros (docs/product.md, "Macros"): opened by its button or by typing `/` in an empty
 * composer, searched by title as one types, walked with the arrow keys, and picked with Enter or a click.
 */
export function MacroPicker({ open, onOpenChange, onPick, returnFocusTo, disabled }: MacroPickerProps) {
  const t = useT();
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      initialFocusEl={() => searchRef.current}
      finalFocusEl={() => returnFocusTo.current}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <Button size="xs" variant="outline" disabled={disabled} aria-keyshortcuts="/">
          <LuZap aria-hidden />
          {t('macros.insert')}
        </Button>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content width={{ base: 'xs', sm: 'sm' }}>
          <Popover.Body p="2">
            <MacroSearch searchRef={searchRef} onPick={onPick} />
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

function MacroSearch({
  searchRef,
  onPick,
}: {
  searchRef: RefObject<HTMLInputElement | null>;
  onPick: (macro: Macro) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const macros = useQuery(macrosQuery());
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const found = matchingMacros(macros.data ?? [], query);
  const current = found[Math.min(active, found.length - 1)];
  const optionId = (macro: Macro) => `${listId}-${macro.id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (found.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (Math.min(index, found.length - 1) + step + found.length) % found.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current) onPick(current);
    }
  };

  return (
    <Stack gap="2">
      <Input
        ref={searchRef}
        size="sm"
        role="combobox"
        aria-label={t('macros.search')}
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(current) : undefined}
        placeholder={t('macros.searchPlaceholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        autoComplete="off"
      />
      {macros.isPending ? (
        <HStack role="status" gap="2" color="fg.muted" fontSize="sm" px="1">
          <Spinner size="xs" />
          <Text>{t('macros.loading')}</Text>
        </HStack>
      ) : macros.isError ? (
        <Text role="alert" color="fg.error" fontSize="sm" px="1">
          {t('macros.loadFailed', { error: errorText(macros.error, t) })}
        </Text>
      ) : found.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" px="1" role="status">
          {macros.data.length === 0 ? t('macros.noneYet') : t('macros.noMatch')}
        </Text>
      ) : null}
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label={t('macros.listLabel')}
        listStyleType="none"
        maxH="64"
        overflowY="auto"
        hidden={found.length === 0}
      >
        {found.map((macro) => {
          const selected = macro === current;
          const actions = macroActionsText(macro.actions, t, language);
          return (
            <Box
              as="li"
              key={macro.id}
              id={optionId(macro)}
              role="option"
              aria-selected={selected}
              px="2"
              py="1.5"
              rounded="sm"
              cursor="pointer"
              bg={selected ? 'bg.emphasized' : undefined}
              _hover={{ bg: 'bg.muted' }}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(macro)}
            >
              <HStack justify="space-between" gap="2">
                <Text fontSize="sm" fontWeight="medium" truncate>
                  {macro.title}
                </Text>
                <Badge size="xs" variant="subtle" colorPalette={macro.shared ? 'blue' : 'gray'}>
                  {macro.shared ? t('macros.shared') : t('macros.own')}
                </Badge>
              </HStack>
              {actions && (
                <Text fontSize="xs" color="fg.muted" truncate>
                  {actions}
                </Text>
              )}
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
