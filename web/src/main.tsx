import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initLanguage } from './shared/i18n';
import './app/global.css';
import { installThemeVariables } from './app/themeVariables';
import { loadAntdLocale } from './app/antdLocale';
import { App } from './app/App';

// The theme's colours as CSS variables for the CSS modules, before anything is drawn.
installThemeVariables();

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
