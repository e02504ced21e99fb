import { describe, expect, it } from 'vitest';
import cat from './locales/cat.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it_ from './locales/it.json';
import pt from './locales/pt.json';
import { MOVEMENT_COLOURS, MOVEMENT_TYPES, movementColour, movementLabelKey } from './movementTypes';

const dictionaries = { es, cat, it: it_, pt, en, fr, de };

describe('stock movement types', () => {
  it('know the cultivation kinds: grams released from a batch and grams destroyed', () => {
    expect(MOVEMENT_TYPES).toEqual(['manual', 'stock', 'sale', 'refund', 'batch', 'destroyed']);
    expect(movementLabelKey('batch')).toBe('stock.history.types.batch');
    expect(movementLabelKey('destroyed')).toBe('stock.history.types.destroyed');
  });

  it('give every type a label in all seven languages', () => {
    for (const [lang, d] of Object.entries(dictionaries)) {
      const types = d.stock.history.types as Record<string, string>;
      for (const type of MOVEMENT_TYPES) expect(types[type], `${lang}: ${type}`).toBeTruthy();
    }
    expect(es.stock.history.types.batch).toBe('Liberado de lote');
    expect(de.stock.history.types.destroyed).toBe('Vernichtung');
    expect(en.stock.history.types.batch).toBe('Released from a batch');
  });

  it('tell the kinds apart by colour, destruction in red', () => {
    expect(new Set(Object.values(MOVEMENT_COLOURS)).size).toBe(MOVEMENT_TYPES.length);
    expect(movementColour('destroyed')).toBe('red');
    expect(movementColour('batch')).toBe('cyan');
  });

  it('show a type this app does not know yet as the server spells it, in the neutral tag', () => {
    expect(movementLabelKey('transfer')).toBeNull();
    expect(movementColour('transfer')).toBeUndefined();
    // inherited names of plain objects are not types
    expect(movementLabelKey('toString')).toBeNull();
  });
});
