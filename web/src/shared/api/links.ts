/** The public link a product's QR code carries (the product detail screen, reachable logged out). */
export function publicProductLink(origin: string, pid: number, club: number): string {
  return `${origin}/app/dispensary_item?id=${pid}&asocid=${club}`;
}
