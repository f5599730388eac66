import { HStack, Input, InputGroup, NativeSelect, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { TICKET_SEARCH_MAX, type TicketType } from '#shared/constants.ts';
import { useT } from '../../i18n/react.tsx';
import type { ListFilters } from './tickets-search.ts';
import { PriorityOptions, StatusOptions, TypeOptions } from './TicketSelects.tsx';

/** The URL is written once the typing pauses this long: one request and one history state per pause. */
const SEARCH_DEBOUNCE_MS = 300;

/** The filters of a list that shows every type of ticket: the type is one of them. */
type FilterValues = ListFilters & { type?: TicketType };

interface TicketFilterBarProps {
  /** The filters in the URL. */
  filters: FilterValues;
  /** Offer the type filter (All Tickets; Direct Tickets lists one type). */
  byType?: boolean;
  /**
   * Writes changed filters to the URL (undefined removes one). A status or priority is a new history entry, so Back
   * returns to the previous filters; so is a new search's first pause in typing, and its later pauses `replace` it:
   * one entry per search, so Back undoes the search and keeps the filters chosen before it.
   */
  onChange: (changes: FilterValues, options: { replace: boolean }) => void;
}

const SELECTS = [
  { name: 'status', label: 'ticketFilters.byStatus', all: 'ticketFilters.allStatus', Options: StatusOptions },
  { name: 'priority', label: 'ticketFilters.byPriority', all: 'ticketFilters.allPriority', Options: PriorityOptions },
  { name: 'type', label: 'ticketFilters.byType', all: 'ticketFilters.allType', Options: TypeOptions },
] as const;

/**
 * The search box and the status, priority (and, where asked, type) filters of a tickets list (docs/product.md §2),
 * kept in the URL.
 */
export function TicketFilterBar({ filters, byType = false, onChange }: TicketFilterBarProps) {
  const t = useT();
  const selects = byType ? SELECTS : SELECTS.filter((select) => select.name !== 'type');
  return (
    <Stack direction={{ base: 'column', lg: 'row' }} gap="3">
      <SearchBox
        q={filters.q}
        otherFilters={`${filters.status}/${filters.priority}/${filters.type}`}
        onSearch={(q, replace) => onChange({ q }, { replace })}
      />
      <HStack gap="3" wrap={{ base: 'wrap', lg: 'nowrap' }}>
        {selects.map(({ name, label, all, Options }) => (
          <NativeSelect.Root key={name} width={{ base: 'full', lg: '44' }}>
            <NativeSelect.Field
              aria-label={t(label)}
              value={filters[name] ?? ''}
              // The options are the known values: what is chosen is a valid filter, or '' for all.
              onChange={(event) => onChange({ [name]: event.target.value || undefined }, { replace: false })}
            >
              <option value="">{t(all)}</option>
              <Options />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ))}
      </HStack>
    </Stack>
  );
}

interface SearchBoxProps {
  q: string | undefined;
  /** The other filters in the URL, as one string: when they change, the next typing is a new search. */
  otherFilters: string;
  /** Writes the text to the URL; `replace` once this search already has its history entry. */
  onSearch: (q: string | undefined, replace: boolean) => void;
}

/**
 * The search box: what is typed shows at once and reaches the URL (and so the server) once the typing pauses. A new
 * search (the first since the page opened, since another filter changed, or since Back, Forward or a link changed the
 * text) makes one history entry; its later pauses replace it. When the URL's text changes otherwise, the box shows it.
 */
function SearchBox({ q, otherFilters, onSearch }: SearchBoxProps) {
  const t = useT();
  const [text, setText] = useState(q ?? '');
  const [shownQ, setShownQ] = useState(q);
  const [shownFilters, setShownFilters] = useState(otherFilters);
  // The text this box last wrote to the URL until the URL has it (null: nothing on its way).
  const [sent, setSent] = useState<string | undefined | null>(null);
  // Whether the current history entry is this search's own, made by its first write.
  const [ownEntry, setOwnEntry] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Derived state, updated during render (react.dev "storing information from previous renders").
  if (otherFilters !== shownFilters) {
    setShownFilters(otherFilters);
    setOwnEntry(false);
  }
  if (q !== shownQ) {
    setShownQ(q);
    setSent(null);
    // Not the box's own text arriving (the user may have typed on meanwhile): Back, Forward or a link changed it.
    if (q !== sent) {
      setText(q ?? '');
      setOwnEntry(false);
    }
  }
  useEffect(() => () => clearTimeout(pending.current), []);

  const type = (value: string) => {
    setText(value);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      const next = value.trim() || undefined;
      if (next === q) return;
      setSent(next);
      setOwnEntry(true);
      onSearch(next, ownEntry);
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <InputGroup flex="1" startElement={<LuSearch aria-hidden />}>
      <Input
        type="search"
        aria-label={t('ticketFilters.search')}
        placeholder={t('ticketFilters.searchPlaceholder')}
        maxLength={TICKET_SEARCH_MAX}
        value={text}
        onChange={(event) => type(event.target.value)}
      />
    </InputGroup>
  );
}
