import { describe, expect, it } from 'vitest';
import { defaultDesignHtml, pageDocument, savedDesign } from './design';

const words = {
  description: 'Escriba aquí',
  call: 'Llamar',
  instagram: 'Instagram',
  sectionTitle: 'Horario',
  sectionText: 'Abierto',
  logoAlt: 'Logo',
};

describe('defaultDesignHtml', () => {
  it('puts the club name, a description and the call and Instagram buttons on the page', () => {
    const html = defaultDesignHtml({ title: 'Club Demo', logo: '/api/files/abc' }, words);
    expect(html).toContain('<h1 class="club-name">Club Demo</h1>');
    expect(html).toContain('href="tel:');
    expect(html).toContain('instagram.com');
    expect(html).toContain('src="/api/files/abc"');
  });
  it('escapes a club name that looks like markup, and leaves the logo out when there is none', () => {
    const html = defaultDesignHtml({ title: '<script>x</script> & co' }, words);
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt; &amp; co');
    expect(html).not.toContain('<img');
  });
});

describe('pageDocument', () => {
  it('makes one document of the body and the styles, with links opening apart', () => {
    const doc = pageDocument('Club', 'es-ES', '<body><h1>Hola</h1></body>', 'h1{color:red}');
    expect(doc.startsWith('<!doctype html><html lang="es-ES">')).toBe(true);
    expect(doc).toContain('<base target="_blank">');
    expect(doc).toContain('<style>h1{color:red}</style></head><body><h1>Hola</h1></body></html>');
  });
  it('wraps a body-less fragment and keeps CSS from closing its style element', () => {
    const doc = pageDocument('Club', 'es-ES', '<p>x</p>', 'p{content:"</style><script>"}');
    expect(doc).toContain('<body><p>x</p></body>');
    expect(doc).not.toContain('</style><script>');
  });
});

describe('savedDesign', () => {
  it('reads a saved project and gives null for none or a broken one', () => {
    expect(savedDesign('{"pages":[{"component":"<p>x</p>"}]}')).toEqual({ pages: [{ component: '<p>x</p>' }] });
    expect(savedDesign('')).toBeNull();
    expect(savedDesign('{not json')).toBeNull();
    expect(savedDesign('[1,2]')).toBeNull();
    expect(savedDesign('{"styles":[]}')).toBeNull();
  });
});
