import type { StockMovement } from './api';

export type MovementType = StockMovement['type'];

/**
 * Every kind of stock movement, with its tag colour (antd's preset colours, from the theme): a hand
 * adjustment, a count, a sale and its refund, grams released from a cultivation batch ("Lote #id"
 * in the note) and grams destroyed from stock.
 */
export const MOVEMENT_COLOURS: Record<MovementType, string> = {
  manual: 'purple',
  stock: 'blue',
  sale: 'orange',
  refund: 'green',
  batch: 'cyan',
  destroyed: 'red',
};

export const MOVEMENT_TYPES = Object.keys(MOVEMENT_COLOURS) as MovementType[];

const known = (type: string): type is MovementType => Object.prototype.hasOwnProperty.call(MOVEMENT_COLOURS, type);

/** The tag colour of a movement type; a type this app does not know yet gets the neutral tag. */
export function movementColour(type: string): string | undefined {
  return known(type) ? MOVEMENT_COLOURS[type] : undefined;
}

/** The dictionary key of a movement type's label, or null for a type this app does not know yet (shown as the server spells it). */
export function movementLabelKey(type: string): string | null {
  return known(type) ? `stock.history.types.${type}` : null;
}
