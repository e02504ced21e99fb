// The feature's own strings (keys under memberTools.*), loaded with its lazy chunks.
import { addFeatureDictionaries } from '../../shared/i18n';
import cat from './locales/cat.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pt from './locales/pt.json';

addFeatureDictionaries({ es, cat, it, pt, en, fr, de });
