import * as z from 'zod';
import { PRESENCE_STATES } from '../constants.ts';

/**
 * Who else is on a ticket (docs/product.md §7 "WebSocket"): what a staff client sends on its socket while a ticket is
 * open, and what the server pushes back. The SPA imports only the types (zod stays out of its signed-in bundle).
 */

export type PresenceState = (typeof PRESENCE_STATES)[number];

/** Client → server: this connection is viewing a ticket, replying on it, or has left it. */
export const presenceClientMessageSchema = z.object({
  type: z.literal('presence'),
  ticketId: z.number().int().positive(),
  state: z.enum(PRESENCE_STATES),
});
export type PresenceClientMessage = z.infer<typeof presenceClientMessageSchema>;

/** One other person on the ticket. */
export interface PresenceViewer {
  userId: string;
  firstName: string;
  lastName: string;
  state: Exclude<PresenceState, 'left'>;
}

/** Server → client: everyone else on the ticket now (the receiving user left out), the full list each time. */
export interface PresenceMessage {
  type: 'presence';
  ticketId: number;
  viewers: PresenceViewer[];
}
