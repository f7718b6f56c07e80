/**
 * Email rendering cost per recipient: a 10-block template rendered 10,000 times for different recipients, with
 * click tracking and the open pixel, as the send worker does. Target: well under a millisecond per render.
 */
import { emailTemplateSchema, pickContent, renderEmail } from '../shared/render';

const TARGET_MS = 0.5;
const RUNS = 10_000;

const template = emailTemplateSchema.parse({
  contents: {
    en: {
      subject: 'Spring offers for {{firstName|you}}',
      preheader: 'Up to 30% off for {{attributes.plan|our}} members',
      blocks: [
        { type: 'image', image: 'https://cdn.example/logo.png', alt: 'Herald', width: '160px', href: 'https://herald.example/' },
        { type: 'heading', text: 'Hello {{firstName|there}}', level: 1 },
        { type: 'paragraph', text: '<p>Your plan: <b>{{attributes.plan|Basic}}</b>.</p><p>Read <a href="https://herald.example/blog?u={{id}}">the blog</a>.</p>' },
        { type: 'image', image: 'https://cdn.example/hero.jpg', alt: 'Spring', width: '100%' },
        { type: 'paragraph', text: 'Plain text with a line break\nand {{attributes.city|your city}}.' },
        { type: 'button', text: 'Shop now', href: 'https://shop.example/?u={{id}}' },
        { type: 'divider' },
        { type: 'heading', text: 'More', level: 3 },
        { type: 'paragraph', text: '<p><i>Questions?</i> <a href="mailto:help@herald.example">Write to us</a>.</p>' },
        { type: 'spacer', height: 24 },
      ],
    },
  },
});
const content = pickContent(template, 'en-US');
const options = (i: number) => ({
  unsubscribeUrl: `https://herald.example/u/${i}`,
  openPixelUrl: `https://herald.example/o/${i}.gif`,
  linkRewriter: (url: string, index: number) => `https://herald.example/c/${i}/${index}?to=${encodeURIComponent(url)}`,
});
const recipient = (i: number) => ({ firstName: `Ann ${i}`, id: `u-${i}`, attributes: { plan: i % 2 ? 'Gold' : '', city: 'Osaka' } });

for (let i = 0; i < 500; i++) renderEmail(content, recipient(i), options(i)); // warm-up
let bytes = 0;
const start = performance.now();
for (let i = 0; i < RUNS; i++) bytes += renderEmail(content, recipient(i), options(i)).html.length;
const perRender = (performance.now() - start) / RUNS;

console.log(
  `render: ${RUNS} renders of a 10-block email, ${(perRender * 1000).toFixed(1)} µs each (target < ${TARGET_MS * 1000} µs), ${Math.round(bytes / RUNS)} bytes of HTML each`,
);
if (perRender > TARGET_MS) process.exitCode = 1;
