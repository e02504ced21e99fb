import { addFeatureDictionaries } from '../../shared/i18n';
import cat from './locales/cat.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pt from './locales/pt.json';

/**
 * The dispensary screens' own strings (keys under `dispensary.*`), loaded with the feature's chunks.
 * The public product page loads this too, so it is translated without a login: the language itself
 * is the remembered one (localStorage `socius.lang`) that main.tsx applies before the first paint.
 */
addFeatureDictionaries({ es, cat, it, pt, en, fr, de });
