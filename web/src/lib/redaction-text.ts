/**
 * What the server redacted from a ticket's text, in the reader's language (docs/decisions/073-redaction.md): the stored
 * text names the kind of secret (`[redacted:cardNumber]`, or the English marker stored before), the screen words it.
 */
import { wordRedactions } from '#shared/redaction.ts';
import type { Translate } from '../i18n/react.tsx';

/** `text` with its redaction markers in the reader's language: '[redacted card number]', '[número de tarjeta eliminado]'. */
export const redactedText = (text: string, t: Translate): string =>
  wordRedactions(text, (kind) => t(`redaction.marker.${kind}`));
