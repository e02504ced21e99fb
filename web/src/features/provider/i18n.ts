import { addFeatureDictionaries } from '../../shared/i18n';
import cat from './locales/cat.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pt from './locales/pt.json';

/** The provider's console strings (keys under `provider.*`), loaded with the console. */
addFeatureDictionaries({ es, cat, it, pt, en, fr, de });
