import { canAccess, gates } from '../../shared/access/gates';
import { ApiError, apiOrigin } from '../../shared/api';
import { interfaceLanguage } from '../../shared/api/csrf';
import { useClub, useClubId } from '../../shared/session';
import type { Order } from './api';

/** The information slip's paper: a receipt printer's 80 mm roll or an A6 sheet. */
export type SlipSize = '80mm' | 'a6';
export const SLIP_SIZES: SlipSize[] = ['80mm', 'a6'];

/**
 * Whether a paid order has an information slip (KCanG § 21): it has one for each product line with
 * grams (fees and lines without grams are not dispensations), as the server makes it.
 */
export function hasSlip(order: Pick<Order, 'products'> | null | undefined): boolean {
  return !!order && order.products.some((l) => l.product.pid > 0 && l.grams > 0);
}

/** Whether the user may print slips in the current club (the order_slip gate: the counter's roles). */
export function useCanPrintSlip(): boolean {
  return canAccess(gates.screens.order_slip, useClub(useClubId()).data);
}

/** The address of an order's slip: GET /api/order/{oid}/slip?asocid=&size=. */
export function slipPath(club: number, oid: number, size: SlipSize): string {
  return `/api/order/${oid}/slip?${new URLSearchParams({ asocid: String(club), size })}`;
}

/** GET the slip's PDF in the interface's language; a refusal throws the server's ApiError. */
export async function fetchSlip(club: number, oid: number, size: SlipSize): Promise<Blob> {
  const lang = interfaceLanguage();
  const res = await fetch(`${apiOrigin()}${slipPath(club, oid, size)}`, {
    credentials: 'include',
    headers: lang ? { 'Accept-Language': lang } : {},
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw ApiError.from(res.status, body);
  }
  // read whole, then made a blob of the type the printing frame needs
  return new Blob([await res.arrayBuffer()], { type: 'application/pdf' });
}

let frame: HTMLIFrameElement | null = null;
let frameUrl: string | null = null;

/**
 * Prints a PDF from a hidden frame of the page, as the browser prints the receipt: the print dialog
 * (or, on a counter whose browser prints without asking, the printer) at once, the counter left as it
 * was. The cursor goes back where it was once the dialog closes, so the next member's swipe lands in
 * the member field. Where a browser cannot print a PDF from a frame, the PDF opens in a new tab.
 */
export function printPdf(blob: Blob): void {
  if (frameUrl) URL.revokeObjectURL(frameUrl);
  frameUrl = URL.createObjectURL(blob);
  if (!frame || !frame.isConnected) {
    frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.title = 'slip';
    frame.dataset.testid = 'slip-frame';
    // out of sight and out of the page's own print (the print area hides every other child of <body>)
    frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
    document.body.appendChild(frame);
  }
  const target = frame;
  const url = frameUrl;
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  target.onload = () => {
    try {
      target.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
    if (before && before.isConnected && document.activeElement !== before) before.focus({ preventScroll: true });
  };
  target.src = url;
}

/** Fetches an order's slip and prints it. */
export async function printSlip(club: number, oid: number, size: SlipSize): Promise<void> {
  printPdf(await fetchSlip(club, oid, size));
}
