import type { Page } from '@playwright/test';

// The checks of a screen in German (german.spec.ts's day, and the route sweep of wcag.spec.ts,
// which runs in German): no word of the Spanish interface left, no label cut.

/**
 * Words of the Spanish interface (labels, buttons, headings) that must not be left on a German
 * screen. The club's own data (product and member names, the demo's category "Socio fundador" and
 * fee "Cuota anual") is not the interface and is not listed.
 */
const SPANISH = [
  'Socios', 'Guardar', 'Cancelar', 'Buscar', 'Pedido', 'Pedidos', 'Caja', 'Cerrar', 'Efectivo', 'Tarjeta', 'Monedero',
  'Cobrar', 'Añadir', 'Eliminar', 'Nuevo', 'Fecha', 'Producto', 'Productos', 'Cantidad', 'Informe', 'Registro', 'Hoy',
  'Exportar', 'Página', 'Acciones', 'Entrada', 'Salida', 'Dispensaciones', 'Inicio', 'Cerrar sesión', 'Usuario', 'Contraseña',
  'Entrar', 'Activo', 'Inactivo', 'Gramos', 'Importe', 'Diferencia', 'Contado', 'Esperado', 'Apellidos', 'Nombre', 'Desde', 'Hasta',
];

export async function spanishLeft(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return SPANISH.flatMap((w) => {
    const m = new RegExp(`(^|[^\\p{L}])${w}($|[^\\p{L}])`, 'u').exec(text);
    return m ? [`${w}: …${text.slice(Math.max(0, m.index - 30), m.index + w.length + 30)}…`] : [];
  });
}

/**
 * Visible labels whose text does not fit their box: the laid-out text runs past the label's edges,
 * whether it is then clipped, ended with an ellipsis or painted over its neighbour.
 */
export async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const selectors = ['.ant-btn', '.ant-menu-title-content', '.ant-table-thead th', '.ant-tabs-tab-btn', '.ant-tag', '.ant-card-head-title', '.ant-radio-button-wrapper'];
    for (const el of document.querySelectorAll<HTMLElement>(selectors.join(','))) {
      const box = el.getBoundingClientRect();
      // the profile button shortens the user's name on purpose; it is not a label
      if (box.width <= 2 || box.height <= 2 || el.closest('[data-testid="profile-menu-trigger"]')) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        // a header only screen readers read (an actions column) is laid out in a 1 px box
        if (!n.textContent?.trim() || (n.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        if (r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1)) {
          out.push(el.innerText.trim());
          break;
        }
      }
    }
    return out;
  });
}
