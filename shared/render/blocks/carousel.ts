/** An in-app carousel (spec 001 sections 5 and 9); it moves by CSS alone so the page's no-script CSP holds, and honours reduced motion. */
import * as z from 'zod';
import { blockRow, defineBlock } from '../context';
import { commonFields, optionalTextField, urlField } from '../fields';
import { escapeHtml, style } from '../html';
import { ALT_MAX } from '../limits';
import { say } from '../../i18n/say';

export const CAROUSEL_MAX = 5;
export const CAROUSEL_INTERVAL_MS = 3000;

const slide = z.object({
  image: urlField('image', 'image'),
  alt: optionalTextField('alt', ALT_MAX),
  href: urlField('link', 'link'),
});

export const carouselBlockSchema = z.object({
  type: z.literal('carousel'),
  ...commonFields({ align: 'center', padding: 'none' }),
  items: z
    .array(slide)
    .max(CAROUSEL_MAX, say('form.carouselMax', { max: CAROUSEL_MAX }))
    .default([
      { image: '', alt: '', href: '' },
      { image: '', alt: '', href: '' },
      { image: '', alt: '', href: '' },
    ]),
});

function keyframes(n: number): string {
  const stops: string[] = [];
  for (let i = 0; i < n; i++) {
    const start = (i / n) * 100;
    const hold = ((i + 1) / n) * 100 - 10 / n;
    stops.push(`${start.toFixed(2)}%,${hold.toFixed(2)}%{transform:translateX(-${((i * 100) / n).toFixed(3)}%)}`);
  }
  stops.push('100%{transform:translateX(0)}');
  return `@keyframes hd-carousel-${n}{${stops.join('')}}`;
}

export const carouselBlock = defineBlock({
  type: 'carousel',
  specName: 'carousel',
  schema: carouselBlockSchema,
  forms: ['inApp'],
  render(block, ctx) {
    const items = (Array.isArray(block.items) ? block.items : []).slice(0, CAROUSEL_MAX);
    const slides = items
      .map((item) => ({
        src: ctx.image(item?.image),
        alt: ctx.html(item?.alt),
        altText: ctx.text(item?.alt),
        href: typeof item?.href === 'string' && item.href.trim() ? ctx.link(item.href) : null,
      }))
      .filter((s): s is { src: string; alt: string; altText: string; href: string | null } => s.src !== null);
    if (slides.length === 0) return { html: '', text: '' };
    const n = slides.length;
    const cells = slides
      .map((s) => {
        const img = `<img src="${escapeHtml(s.src)}" alt="${s.alt}" style="display:block;width:100%;height:auto;border:0">`;
        return `<div style="${style({ flex: `0 0 ${(100 / n).toFixed(3)}%` })}">${s.href ? `<a href="${escapeHtml(s.href)}" target="_blank" rel="noopener">${img}</a>` : img}</div>`;
      })
      .join('');
    const strip = style({
      display: 'flex',
      width: `${n * 100}%`,
      animation: n > 1 ? `hd-carousel-${n} ${(n * CAROUSEL_INTERVAL_MS) / 1000}s infinite` : '',
    });
    const css = n > 1 ? `<style>${keyframes(n)}@media (prefers-reduced-motion:reduce){.hd-carousel-strip{animation:none!important}}</style>` : '';
    const html = `${css}<div class="hd-carousel" role="group" aria-roledescription="carousel" style="overflow:hidden;width:100%"><div class="hd-carousel-strip" style="${strip}">${cells}</div></div>`;
    const text = slides.map((s, i) => `${s.altText || `Picture ${i + 1}`}${s.href ? ` (${s.href})` : ''}`).join('\n');
    return { html: blockRow(html, { align: block.align, padding: block.padding }), text };
  },
});
