import { IconButton } from '@chakra-ui/react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';

interface RowActionsProps {
  /** Each button's accessible name, which says what it edits or deletes ('Edit KYC'). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** A table row's edit and delete buttons, as the management screens show them. */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete }: RowActionsProps) {
  return (
    <>
      <IconButton variant="ghost" size="sm" aria-label={editLabel} onClick={onEdit}>
        <LuPencil />
      </IconButton>
      <IconButton variant="ghost" size="sm" colorPalette="red" aria-label={deleteLabel} onClick={onDelete}>
        <LuTrash2 />
      </IconButton>
    </>
  );
}
