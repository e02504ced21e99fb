import { describe, expect, it } from 'vitest';
import cat from './locales/cat.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it_ from './locales/it.json';
import pt from './locales/pt.json';
import { validatePersonal } from './model';

const dictionaries = { es, cat, it: it_, pt, en, fr };

describe('the member form names fields as a person reads them', () => {
  it('says which field is missing with the label the form shows it under, in every language', () => {
    for (const [lang, d] of Object.entries(dictionaries)) {
      for (const p of validatePersonal({})) {
        const key = p.toast!.split('.').pop() as keyof typeof d.members.validation;
        const template = d.members.validation[key];
        const label = d.members.fields[p.field as keyof typeof d.members.fields];
        const text = template.replace('{{field}}', label);
        expect(template, `${lang} ${key}`).toContain('{{field}}');
        expect(text, `${lang} ${key}`).toContain(label);
      }
    }
    expect(es.members.validation.nameToast.replace('{{field}}', es.members.fields.nombre)).toBe('El campo «Nombre» es obligatorio');
  });
});
