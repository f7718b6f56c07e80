/**
 * Page and component styles stay beside their components as CSS modules: the only global stylesheet is app.css,
 * and it names only the classes of what applies everywhere (see its header). A class added to app.css for one page
 * or component fails here; it belongs in that component's `<Component>.module.css`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..');
const GLOBAL_SHEETS = ['styles/app.css'];

/** The classes app.css may name, by what they are (PrimeReact's own `p-*` classes and PrimeIcons' `pi` besides). */
const GLOBAL_CLASSES = {
  text: ['sr-only', 'muted', 'small', 'mr-1'],
  // the building blocks every page is made of
  page: ['page', 'page-header', 'card', 'card-title', 'section-title', 'grid-2', 'plain-list', 'plain-table'],
  forms: ['form-grid', 'span-2', 'field', 'field-error', 'field-hint', 'form-actions', 'checkbox-row'],
  notices: ['notice', 'notice-success', 'notice-warn', 'notice-info', 'state-error'],
  lists: ['list-table', 'row-actions', 'actions-column', 'cell-with-tag'],
  // the shell
  frame: ['route-progress', 'page-spinner', 'skip-link', 'narrow-only', 'layout', 'layout-content', 'layout-mask'],
  sidebar: ['layout-wide', 'layout-narrow', 'menu-open', 'menu-closed', 'layout-sidebar'],
  topBar: ['topbar', 'topbar-brand', 'topbar-spacer', 'org-switcher', 'org-static', 'org-option'],
  profile: ['profile-button', 'avatar', 'profile-text', 'profile-name', 'profile-role'],
  sideMenu: ['side-menu', 'menu-group', 'menu-group-title', 'menu-item', 'active', 'menu-soon', 'menu-empty'],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The class names in a stylesheet's selectors (not in its declarations or comments). */
function selectorClasses(css: string): Set<string> {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '').match(/[^{}]+(?=\{)/g) ?? [];
  const names = selectors.filter((s) => !s.trim().startsWith('@')).flatMap((s) => [...s.matchAll(/\.(-?[_a-zA-Z][-\w]*)/g)].map((m) => m[1]!));
  return new Set(names);
}

const files = filesUnder(SRC).map((f) => relative(SRC, f).split('\\').join('/'));

it('has no global stylesheet but app.css: every other one is a CSS module', () => {
  expect(files.filter((f) => f.endsWith('.css') && !f.endsWith('.module.css'))).toEqual(GLOBAL_SHEETS);
});

it('imports plain stylesheets only in main.tsx (the theme, the icons and app.css)', () => {
  const importers = files.filter((f) => /\.tsx?$/.test(f) && /^import\s+['"][^'"]+(?<!\.module)\.css['"]/m.test(readFileSync(join(SRC, f), 'utf8')));
  expect(importers).toEqual(['main.tsx']);
});

it('names in app.css only the classes of tokens, base text, building blocks, theme overrides and the shell', () => {
  const allowed = new Set(Object.values(GLOBAL_CLASSES).flat());
  const named = [...selectorClasses(readFileSync(join(SRC, 'styles/app.css'), 'utf8'))];
  expect(named.filter((c) => !c.startsWith('p-') && c !== 'pi' && !allowed.has(c)).sort()).toEqual([]);
});

it('finds the classes of selectors only', () => {
  const css = '/* .note */ .a .b:hover, .c > .d { margin: 0.5rem; } @media (max-width: 640px) { .e.f { color: #fff; } }';
  expect([...selectorClasses(css)].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
});
