import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initLanguage } from './shared/i18n';
import './app/global.css';
import { loadAntdLocale } from './app/antdLocale';
import { App } from './app/App';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Load the remembered language (if not Spanish) before the first paint, then render.
initLanguage()
  .then((lang) => loadAntdLocale(lang))
  .catch(() => undefined)
  .finally(render);
