import { describe, expect, it } from 'vitest';
import { mobileRedirectLink, publicImageLink, storeFor } from './links';

const stores = { app_store_url: 'https://apps.apple.com/app/id1', play_store_url: 'https://play.google.com/store/apps/details?id=x' };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

describe('storeFor', () => {
  it('sends an iPhone and an iPad to the App Store and an Android phone to Google Play', () => {
    expect(storeFor(IPHONE, 5, stores)).toBe(stores.app_store_url);
    expect(storeFor(IPAD, 5, stores)).toBe(stores.app_store_url);
    expect(storeFor(ANDROID, 5, stores)).toBe(stores.play_store_url);
  });
  it('keeps a computer (a Mac without touch too) on the page, and a phone whose store is not offered', () => {
    expect(storeFor(DESKTOP, 0, stores)).toBeNull();
    expect(storeFor(IPAD, 0, stores)).toBeNull();
    expect(storeFor(IPHONE, 5, { ...stores, app_store_url: '' })).toBeNull();
    expect(storeFor(ANDROID, 5, { ...stores, play_store_url: '' })).toBeNull();
  });
});

describe('mobileRedirectLink', () => {
  it('is the mobile redirect screen of this server', () => {
    expect(mobileRedirectLink('https://club.example')).toBe('https://club.example/app/movil');
  });
});

describe('publicImageLink', () => {
  it('gives a stored picture its public address and leaves other addresses alone', () => {
    const id = 'a'.repeat(64);
    expect(publicImageLink(`/api/files/${id}`)).toBe(`/api/public_image/${id}`);
    expect(publicImageLink('data:image/png;base64,xx')).toBe('data:image/png;base64,xx');
  });
});
