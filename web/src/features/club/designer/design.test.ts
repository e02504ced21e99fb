import { describe, expect, it } from 'vitest';
import { defaultDesignHtml, EDITOR_SAFETY, inertDesign, noComponentScripts, pageDocument, savedDesign, scriptUrl } from './design';

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

describe('inertDesign', () => {
  const deep = (inner: unknown, levels: number): unknown => (levels === 0 ? inner : { tagName: 'section', components: [deep(inner, levels - 1)] });

  it('drops scripts, frames, event handlers and script addresses however deep, and keeps the design', () => {
    const project = {
      assets: [{ src: 'javascript:alert(1)' }, { src: '/api/public_image/logo' }],
      styles: [{ selectors: ['hero'], style: { color: '#5b2d7e', 'background-image': "url( 'javascript:alert(2)')" } }],
      pages: [
        {
          frames: [
            {
              component: deep(
                {
                  tagName: 'div',
                  attributes: { class: 'hero', onclick: 'alert(3)' },
                  script: 'alert(4)',
                  components: [
                    { type: 'image', attributes: { src: '/api/public_image/x', onError: 'alert(5)', alt: 'Logo' } },
                    { type: 'link', attributes: { href: ' JaVa\tScript:alert(6)' }, components: [{ type: 'textnode', content: 'javascript: sigue siendo texto' }] },
                    { type: 'link', attributes: { href: 'https://www.instagram.com/' }, content: 'Instagram' },
                    { type: 'link', attributes: { href: 'tel:+34600000000' }, content: 'Llamar' },
                    { tagName: 'SCRIPT', content: 'alert(7)' },
                    { type: 'iframe', attributes: { srcdoc: '<script>alert(8)</script>' } },
                    { tagName: 'a', attributes: { href: 'data:text/html,<script>alert(9)</script>' } },
                    { tagName: 'img', attributes: { src: 'data:image/jpeg;base64,/9j/' } },
                    { type: 'text', content: '<b>Horario</b><img src="x" onerror="alert(10)"><script>alert(11)</script>' },
                  ],
                },
                25,
              ),
            },
          ],
        },
      ],
    };
    const text = JSON.stringify(inertDesign(project));
    for (const bad of ['alert(', 'javascript:alert', 'onclick', 'onError', 'onerror', 'script"', '<script', 'srcdoc', 'iframe', 'data:text/html']) {
      expect(text).not.toContain(bad);
    }
    for (const good of ['/api/public_image/logo', '#5b2d7e', 'hero', 'Logo', 'https://www.instagram.com/', 'tel:+34600000000', 'Llamar',
      'javascript: sigue siendo texto', 'data:image/jpeg;base64,/9j/', '<b>Horario</b>', '"section"']) {
      expect(text).toContain(good);
    }
  });

  it('is what savedDesign hands to the designer', () => {
    const saved = savedDesign(JSON.stringify({ pages: [{ component: { type: 'wrapper', components: [{ tagName: 'p', attributes: { onmouseover: 'x()' } }] } }] }));
    expect(saved).toEqual({ pages: [{ component: { type: 'wrapper', components: [{ tagName: 'p', attributes: {} }] } }] });
  });

  it('tells script addresses from ordinary ones', () => {
    for (const bad of ['javascript:x', ' \n JAVASCRIPT:x', 'vbscript:x', 'data:text/html,x', 'url("data:text/html,x")']) expect(scriptUrl(bad)).toBe(true);
    for (const good of ['https://club.example/', 'mailto:a@b.example', 'tel:+34', 'data:image/png;base64,AA', 'url(data:image/png;base64,AA)', 'metadata: x']) {
      expect(scriptUrl(good)).toBe(false);
    }
  });
});

describe('the designer settings', () => {
  it('send nothing to another site and read HTML without scripts', () => {
    expect(EDITOR_SAFETY.telemetry).toBe(false);
    expect(EDITOR_SAFETY.cssIcons).toBe('');
    expect(EDITOR_SAFETY.parser.optionsHtml).toEqual({ allowScripts: false, allowUnsafeAttr: false, allowUnsafeAttrValue: false });
  });

  it('never run a component script in the canvas', () => {
    const prototype = { updateScript: () => 'ran' as unknown };
    const editor = { Components: { getType: () => ({ view: { prototype } }) } } as unknown as Parameters<typeof noComponentScripts>[0];
    noComponentScripts(editor);
    expect(prototype.updateScript()).toBeUndefined();
  });
});
