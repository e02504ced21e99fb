import { formatNumber } from '../../shared/format';

/** A quantity as the counter shows it: grams for a weight product, units otherwise. */
export function quantityText(quantity: number, type: string): string {
  return type === 'peso' ? `${formatNumber(quantity)} g` : formatNumber(quantity);
}

/** The name a report kept to one member shows, or its id while the member loads. */
export function memberName(m: { nombre?: string | null; surname?: string | null } | null | undefined, id: number): string {
  const name = `${m?.nombre ?? ''} ${m?.surname ?? ''}`.trim();
  return name || `#${id}`;
}
