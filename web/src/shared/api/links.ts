/**
 * The public link a product's QR code carries (the product detail screen, reachable logged out). It
 * names the product by its public token, never its id: ids are sequential, and a link must not lead
 * to the next product.
 */
export function publicProductLink(origin: string, token: string, club: number): string {
  return `${origin}/app/dispensary_item?id=${encodeURIComponent(token)}&asocid=${club}`;
}

/** The in-app path of a product's detail (its public page): /dispensary_item?id=<public token>[&asocid=<club>]. */
export function productDetailPath(token: string, club?: number | null): string {
  const q = new URLSearchParams({ id: token });
  if (club) q.set('asocid', String(club));
  return `/dispensary_item?${q}`;
}

/** The address of the mobile redirect screen: one QR that sends any phone to its own app store. */
export function mobileRedirectLink(origin: string): string {
  return `${origin}/app/movil`;
}

/** The members' app stores a provider may offer. */
export interface AppStores {
  app_store_url: string;
  play_store_url: string;
}

/**
 * The store a phone should go to: the App Store for an iPhone or an iPad (which since iPadOS 13
 * says it is a Mac, but one with a touch screen), Google Play for Android; null for a computer or
 * when the provider offers no app for that phone.
 */
export function storeFor(userAgent: string, maxTouchPoints: number, stores: AppStores): string | null {
  const apple = /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);
  if (apple) return stores.app_store_url || null;
  if (/Android/i.test(userAgent)) return stores.play_store_url || null;
  return null;
}

/**
 * The address anyone may load a stored picture at (a published product's, the club's logo and page
 * pictures): what a page without the staff's session, like the designed club page, must use.
 */
export function publicImageLink(url: string): string {
  return url.replace(/^\/api\/files\//, '/api/public_image/');
}
